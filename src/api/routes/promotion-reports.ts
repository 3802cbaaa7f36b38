import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '@/api/plugins/auth';
import { promotionReportsQuerySchema, promotionReportsResponseSchema } from '@/lib/schemas/promotion-reports';
import { listPromotionReports } from '@/server/stats/promotion-report';

// Issue 28 point 3: what each paid promotion and home-page ad delivered.
export const promotionReportsRoutes: FastifyPluginAsyncZod = async (app) => {
  // GET /api/user/promotion_reports - the signed-in company's promotions and home-page ads, newest first,
  // with impressions, clicks, CTR and page views beside days without promotion; an admin names the
  // company with ?company_id=
  app.get(
    '/api/user/promotion_reports',
    {
      schema: {
        tags: ['stats'],
        description:
          "A company's paid promotions and home-page ads with what each delivered over its Warsaw days. " +
          'Companies read their own (company_id, if given, must be theirs: else 403); admins must name ' +
          'a company (422 without company_id, 404 when it is no company); anyone else gets 403.',
        querystring: promotionReportsQuerySchema,
        response: { 200: promotionReportsResponseSchema },
      },
    },
    async (request, reply) => {
      const actor = actorOf(request);
      reply.header('Cache-Control', 'private, no-store');
      const { company, reports } = await listPromotionReports({ actor, companyId: request.query.company_id });
      return { company, data: reports };
    },
  );
};
