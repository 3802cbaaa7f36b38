import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { parseFields } from '@/api/forms';
import { actorOf } from '@/api/plugins/auth';
import { translate } from '@/i18n/translate';
import {
  rejectBodySchema,
  verificationPlacePageSchema,
  verificationQueueQuerySchema,
  verificationResultSchema,
  verificationWalkPageSchema,
  walkParams,
} from '@/lib/schemas/admin-verification';
import { idParams } from '@/lib/schemas/fields';
import { decidePlace, decideWalk, listPendingPlaces, listPendingWalks } from '@/server/admin/verification';

// Issue 14 point 2: the admin's verification queues and decisions, in the admin scope (`adminScope`):
// a rejection's body is read only after the role, so a stranger learns nothing but 401/403.

const tags = ['admin'];

export const adminVerificationRoutes: FastifyPluginAsyncZod = async (app) => {
  // GET /api/admin/verification/places?page= - places waiting for verification, oldest first
  app.get(
    '/api/admin/verification/places',
    {
      schema: {
        tags,
        querystring: verificationQueueQuerySchema,
        response: { 200: verificationPlacePageSchema },
      },
    },
    async (request) => {
      return listPendingPlaces({ page: request.query.page ?? 1, locale: request.locale });
    },
  );

  // GET /api/admin/verification/walks?page= - virtual walks of places and events waiting, oldest first
  app.get(
    '/api/admin/verification/walks',
    {
      schema: {
        tags,
        querystring: verificationQueueQuerySchema,
        response: { 200: verificationWalkPageSchema },
      },
    },
    async (request) => {
      return listPendingWalks({ page: request.query.page ?? 1 });
    },
  );

  // POST /api/admin/place/:id/verify - the place shows as verified at once; verifying again is a 200
  app.post(
    '/api/admin/place/:id/verify',
    { schema: { tags, params: idParams, response: { 200: verificationResultSchema } } },
    async (request) => {
      const admin = actorOf(request);
      const data = await decidePlace({ admin, placeId: request.params.id, decision: { verdict: 'verify' } });
      return { data, message: translate(request.locale, 'api.success') };
    },
  );

  // POST /api/admin/place/:id/reject {reason} - the owner is told why
  app.post(
    '/api/admin/place/:id/reject',
    { schema: { tags, params: idParams, response: { 200: verificationResultSchema } } },
    async (request) => {
      const admin = actorOf(request);
      const { reason } = parseFields(rejectBodySchema, bodyOf(request.body));
      const data = await decidePlace({
        admin,
        placeId: request.params.id,
        decision: { verdict: 'reject', reason },
      });
      return { data, message: translate(request.locale, 'api.success') };
    },
  );

  // POST /api/admin/walk/:kind/:id/verify - kind place|event; the walk appears on the public page at once
  app.post(
    '/api/admin/walk/:kind/:id/verify',
    { schema: { tags, params: walkParams, response: { 200: verificationResultSchema } } },
    async (request) => {
      const admin = actorOf(request);
      const { kind, id } = request.params;
      const data = await decideWalk({ admin, kind, id, decision: { verdict: 'verify' } });
      return { data, message: translate(request.locale, 'api.success') };
    },
  );

  // POST /api/admin/walk/:kind/:id/reject {reason}
  app.post(
    '/api/admin/walk/:kind/:id/reject',
    { schema: { tags, params: walkParams, response: { 200: verificationResultSchema } } },
    async (request) => {
      const admin = actorOf(request);
      const { reason } = parseFields(rejectBodySchema, bodyOf(request.body));
      const { kind, id } = request.params;
      const data = await decideWalk({ admin, kind, id, decision: { verdict: 'reject', reason } });
      return { data, message: translate(request.locale, 'api.success') };
    },
  );
};

function bodyOf(body: unknown): Record<string, unknown> {
  return body && typeof body === 'object' && !Array.isArray(body) ? (body as Record<string, unknown>) : {};
}
