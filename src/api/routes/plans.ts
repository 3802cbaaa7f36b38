import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { paymentSettingsSchema, premiumSettingResourceSchema } from '@/lib/schemas/catalogue-responses';
import { dataOf } from '@/lib/schemas/common-responses';
import { getPaymentSettings, listPremiumSettings } from '@/server/plans/list-plans';

export const plansRoutes: FastifyPluginAsyncZod = async (app) => {
  // GET /api/premium_setting - premium (PRO) plans by level; prices in PLN, gross, per month
  app.get(
    '/api/premium_setting',
    { schema: { tags: ['plans'], response: { 200: dataOf(z.array(premiumSettingResourceSchema)) } } },
    async (request) => ({ data: await listPremiumSettings({ locale: request.locale }) }),
  );

  // GET /api/payment_setting - event packs, event-promotion price packs and the home-page ad price
  app.get(
    '/api/payment_setting',
    { schema: { tags: ['plans'], response: { 200: dataOf(paymentSettingsSchema) } } },
    async (request) => ({ data: await getPaymentSettings({ locale: request.locale }) }),
  );
};
