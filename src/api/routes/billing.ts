import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '@/api/plugins/auth';
import { translate } from '@/i18n/translate';
import { billingBodySchema, billingResourceSchema } from '@/lib/schemas/billing';
import { dataOf, dataWithMessageOf } from '@/lib/schemas/common-responses';
import { authorizeBilling, getBilling } from '@/server/billing/get-billing';
import { saveBilling } from '@/server/billing/save-billing';

// Issue 27: the buyer's billing data, saved for the next checkout; each order copies it when placed.
export const billingRoutes: FastifyPluginAsyncZod = async (app) => {
  // Who may have billing data is settled before a body is read (after the access guard's 401): an
  // admin's body is a 403, never a 422.
  app.addHook('preParsing', async (request) => {
    authorizeBilling(actorOf(request));
  });

  // GET /api/user/billing - the signed-in account's billing data (null until saved)
  app.get(
    '/api/user/billing',
    { schema: { tags: ['billing'], response: { 200: dataOf(billingResourceSchema.nullable()) } } },
    async (request) => {
      const actor = actorOf(request);
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
      const actor = actorOf(request);
      return {
        data: await saveBilling({ actor, input: request.body }),
        message: translate(request.locale, 'api.success'),
      };
    },
  );
};
