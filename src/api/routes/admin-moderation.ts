import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { parseFields } from '@/api/forms';
import { actorOf } from '@/api/plugins/auth';
import { translate } from '@/i18n/translate';
import {
  adminUserSchema,
  adminUsersQuerySchema,
  blockUserBodySchema,
  moderationParams,
  moderationResultSchema,
  moderationTargetSchema,
  reportedItemSchema,
  reportsQuerySchema,
} from '@/lib/schemas/admin-moderation';
import { dataOf, dataWithMessageOf } from '@/lib/schemas/common-responses';
import {
  blockUser,
  dismissReport,
  listReports,
  searchUsers,
  setItemHidden,
  unblockUser,
} from '@/server/admin/moderation';

// Moderation (issue 14 point 3), in the admin scope (`adminScope`): anonymous callers get 401 and
// others 403 whatever they send, before the query or the body is read.

const tags = ['admin'];
const idOnly = z.object({ id: z.string() });
const body = (request: { body: unknown }) =>
  request.body && typeof request.body === 'object' && !Array.isArray(request.body)
    ? (request.body as Record<string, unknown>)
    : {};
const query = (request: { query: unknown }) => (request.query ?? {}) as Record<string, unknown>;
const idOf = (raw: unknown) => parseFields(z.object({ id: moderationParams.shape.id }), { id: raw }).id;

export const adminModerationRoutes: FastifyPluginAsyncZod = async (app) => {
  // GET /api/admin/reports?status=open|hidden - open reports grouped per item, or the hidden items
  app.get(
    '/api/admin/reports',
    { schema: { tags, response: { 200: dataOf(z.array(reportedItemSchema)) } } },
    async (request) => {
      const { status } = parseFields(reportsQuerySchema, query(request));
      return { data: await listReports({ status }) };
    },
  );

  // POST /api/admin/reports/:id/dismiss - closes the item's open reports, the item stays as it is
  app.post(
    '/api/admin/reports/:id/dismiss',
    { schema: { tags, params: idOnly, response: { 200: dataWithMessageOf(moderationResultSchema) } } },
    async (request) => {
      const admin = actorOf(request);
      const data = await dismissReport({ admin, reportId: idOf(request.params.id) });
      return { data, message: translate(request.locale, 'api.success') };
    },
  );

  // POST /api/admin/{comment|place|event|message}/:id/hide and .../restore
  for (const target of moderationTargetSchema.options) {
    for (const action of ['hide', 'restore'] as const) {
      app.post(
        `/api/admin/${target}/:id/${action}`,
        { schema: { tags, params: idOnly, response: { 200: dataWithMessageOf(moderationResultSchema) } } },
        async (request) => {
          const admin = actorOf(request);
          const id = idOf(request.params.id);
          const data = await setItemHidden({ admin, target, id, hidden: action === 'hide' });
          return { data, message: translate(request.locale, 'api.success') };
        },
      );
    }
  }

  // GET /api/admin/users?search= - accounts by e-mail or name, newest first
  app.get(
    '/api/admin/users',
    { schema: { tags, response: { 200: dataOf(z.array(adminUserSchema)) } } },
    async (request) => {
      const { search } = parseFields(adminUsersQuerySchema, query(request));
      return { data: await searchUsers({ search }) };
    },
  );

  // POST /api/admin/user/:id/block - body { reason }; an admin cannot be blocked (422)
  app.post(
    '/api/admin/user/:id/block',
    { schema: { tags, params: idOnly, response: { 200: dataWithMessageOf(adminUserSchema) } } },
    async (request) => {
      const admin = actorOf(request);
      const userId = idOf(request.params.id);
      const { reason } = parseFields(blockUserBodySchema, body(request));
      const data = await blockUser({ admin, userId, reason });
      return { data, message: translate(request.locale, 'api.success') };
    },
  );

  // POST /api/admin/user/:id/unblock
  app.post(
    '/api/admin/user/:id/unblock',
    { schema: { tags, params: idOnly, response: { 200: dataWithMessageOf(adminUserSchema) } } },
    async (request) => {
      const admin = actorOf(request);
      const data = await unblockUser({ admin, userId: idOf(request.params.id) });
      return { data, message: translate(request.locale, 'api.success') };
    },
  );
};
