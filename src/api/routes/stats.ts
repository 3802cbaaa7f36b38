import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf } from '@/api/plugins/auth';
import { companyStatsSchema, statsQuerySchema } from '@/lib/schemas/stats';
import { statMeasures } from '@/lib/stats-measures';
import { companyStats, statsCompanyFor, statsCsv, statsCsvName } from '@/server/stats/company-stats';

// Issue 28 points 2 and 5: a company's own figures; an admin reads any company's by company_id.
export const statsRoutes: FastifyPluginAsyncZod = async (app) => {
  // GET /api/user/stats?days=30[&company_id=] - totals, the previous period's, each day, each own item
  app.get(
    '/api/user/stats',
    {
      schema: {
        tags: ['stats'],
        querystring: statsQuerySchema,
        response: { 200: companyStatsSchema },
      },
    },
    async (request, reply) => {
      const companyId = statsCompanyFor({
        actor: actorOf(request),
        companyId: request.query.company_id,
      });
      reply.header('Cache-Control', 'private, no-store');
      return companyStats({ companyId, days: request.query.days });
    },
  );

  // GET /api/user/stats.csv?days=30[&company_id=] - the own events and places with their sums, as CSV
  app.get(
    '/api/user/stats.csv',
    {
      schema: {
        tags: ['stats'],
        querystring: statsQuerySchema,
        produces: ['text/csv'],
        response: {
          200: z.string().describe(`type,id,name,${statMeasures.join(',')} (CSV, CRLF rows, UTF-8 with BOM)`),
        },
      },
    },
    async (request, reply) => {
      const companyId = statsCompanyFor({
        actor: actorOf(request),
        companyId: request.query.company_id,
      });
      const stats = await companyStats({ companyId, days: request.query.days });
      return reply
        .header('Content-Type', 'text/csv; charset=utf-8')
        .header('Content-Disposition', `attachment; filename="${statsCsvName(stats)}"`)
        .header('Cache-Control', 'private, no-store')
        .send(statsCsv(stats));
    },
  );
};
