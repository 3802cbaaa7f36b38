import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { parseFields } from '@/api/forms';
import { actorOf } from '@/api/plugins/auth';
import { translate } from '@/i18n/translate';
import { dataWithMessageOf } from '@/lib/schemas/common-responses';
import { reportBodySchema, reportCreatedSchema } from '@/lib/schemas/reports';
import { createReport } from '@/server/reports/report';

const body = (request: { body: unknown }) =>
  request.body && typeof request.body === 'object' && !Array.isArray(request.body)
    ? (request.body as Record<string, unknown>)
    : {};

export const reportsRoutes: FastifyPluginAsyncZod = async (app) => {
  // POST /api/report - body { target, target_id, reason, text }: one report per person and item
  app.post(
    '/api/report',
    { schema: { tags: ['reports'], response: { 201: dataWithMessageOf(reportCreatedSchema) } } },
    async (request, reply) => {
      // Signed in first: an anonymous caller gets 401 whatever the body.
      const actor = actorOf(request);
      const input = parseFields(reportBodySchema, body(request));
      const data = await createReport({ actor, input });
      return reply.status(201).send({ data, message: translate(request.locale, 'reports.sent') });
    },
  );
};
