import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireUser } from '@/api/plugins/auth';
import { translate } from '@/i18n/translate';
import { billingBodySchema, billingResourceSchema } from '@/lib/schemas/billing';
import { dataOf, dataWithMessageOf } from '@/lib/schemas/common-responses';
import { authorizeBilling, getBilling } from '@/server/billing/get-billing';
import { saveBilling } from '@/server/billing/save-billing';

// Issue 27: the buyer's billing data, saved for the next checkout; each order copies it when placed.
export const billingRoutes: FastifyPluginAsyncZod = async (app) => {
  // Who may have billing data is settled before a body is read: a stranger's malformed body is a 401.
  app.addHook('onRequest', async (request) => {
    authorizeBilling(await requireUser(request));
  });

  // GET /api/user/billing - the signed-in account's billing data (null until saved)
  app.get(
    '/api/user/billing',
    { schema: { tags: ['billing'], response: { 200: dataOf(billingResourceSchema.nullable()) } } },
    async (request) => {
      const actor = await requireUser(request);
      return { data: await getBilling({ actor }) };
    },
  );

  // PUT /api/user/billing - save it: a company with its NIP (checksum checked, PL prefix allowed) or a
  // private person without one
  app.put(
    '/api/user/billing',
    {
      schema: {
        tags: ['billing'],
        body: billingBodySchema,
        response: { 200: dataWithMessageOf(billingResourceSchema) },
      },
    },
    async (request) => {
      const actor = await requireUser(request);
      return {
        data: await saveBilling({ actor, input: request.body }),
        message: translate(request.locale, 'api.success'),
      };
    },
  );
};
