import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { adminOverviewSchema, auditEntrySchema, auditQuerySchema } from '@/lib/schemas/admin-overview';
import { pageSchema } from '@/lib/schemas/pagination';
import { listAuditLog } from '@/server/admin/audit-log';
import { newsletterCsv, warsawToday } from '@/server/admin/newsletter-csv';
import { getAdminOverview } from '@/server/admin/overview';

// Issue 14 points 3 and 5: what the admin overview and the audit log show, in the admin scope.
export const adminOverviewRoutes: FastifyPluginAsyncZod = async (app) => {
  // GET /api/admin/overview - the last 30 Warsaw days by day, their totals and the waiting queues
  app.get(
    '/api/admin/overview',
    { schema: { tags: ['admin'], response: { 200: adminOverviewSchema } } },
    async (_request, reply) => {
      reply.header('Cache-Control', 'private, no-store');
      return getAdminOverview();
    },
  );

  // GET /api/admin/newsletter.csv - the confirmed newsletter subscribers as a CSV download
  app.get(
    '/api/admin/newsletter.csv',
    {
      schema: {
        tags: ['admin'],
        produces: ['text/csv'],
        response: { 200: z.string().describe('email,language,confirmed_at,created_at (CSV, CRLF rows)') },
      },
    },
    async (_request, reply) => {
      const csv = await newsletterCsv();
      return reply
        .header('Content-Type', 'text/csv; charset=utf-8')
        .header('Content-Disposition', `attachment; filename="newsletter-${warsawToday()}.csv"`)
        .header('Cache-Control', 'private, no-store')
        .send(csv);
    },
  );

  // GET /api/admin/audit?page= - the audit log, newest first, 20 entries a page
  app.get(
    '/api/admin/audit',
    {
      schema: {
        tags: ['admin'],
        querystring: auditQuerySchema,
        response: { 200: pageSchema(auditEntrySchema) },
      },
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'private, no-store');
      return listAuditLog(request.query);
    },
  );
};
