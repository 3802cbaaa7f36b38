import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { clientIp } from '@/api/forms';
import { actorOf } from '@/api/plugins/auth';
import { ownOriginOnly } from '@/api/plugins/same-origin';
import { dataOf, errorResponseSchema } from '@/lib/schemas/common-responses';
import {
  buyHomeAdQuerySchema,
  buyPremiumParamsSchema,
  homeAdNameSchema,
  orderResourceSchema,
  paymentStartSchema,
  testPaymentBodySchema,
} from '@/lib/schemas/orders';
import { pageQueryFields, pageSchema } from '@/lib/schemas/pagination';
import { planPreviewSchema } from '@/lib/schemas/plan-preview';
import { notFound } from '@/server/errors';
import { buyEventPack, buyHomeAd, buyPlan, buyPromotion } from '@/server/payments/buy';
import { getOrderByExtId, listCompanyOrders } from '@/server/payments/list-orders';
import { handlePaymentNotification } from '@/server/payments/notification';
import { payAgain } from '@/server/payments/pay-again';
import { previewPlanOrder } from '@/server/payments/premium-offer';
import { completeTestPayment } from '@/server/payments/test-payment';

const positiveId = z.coerce.number().int().positive().max(2_147_483_647);
const started = { 200: dataOf(paymentStartSchema) };
/** The address the caller reached the portal at: the test provider's pages stay on it. */
const siteOrigin = (request: FastifyRequest) => `${request.protocol}://${request.host}`;
// The spec makes the purchases GETs; they still place an order, so they get the writes' origin rule.
const buying = { onRequest: ownOriginOnly() };
/** What every purchase takes from its request: the buyer, their address for PayU, their language. */
const purchaseOf = (request: FastifyRequest) => ({
  actor: actorOf(request),
  customerIp: clientIp(request),
  locale: request.locale,
  siteOrigin: siteOrigin(request),
});

export const paymentsRoutes: FastifyPluginAsyncZod = async (app) => {
  // GET /api/payu/buy_premium/:id/:months - a plan for 1, 2, 3 or 6 months; answers where to pay
  app.get(
    '/api/payu/buy_premium/:id/:months',
    { ...buying, schema: { tags: ['payments'], params: buyPremiumParamsSchema, response: started } },
    async (request) => ({
      data: await buyPlan({
        ...purchaseOf(request),
        planId: request.params.id,
        months: request.params.months,
      }),
    }),
  );

  // GET /api/payu/buy_premium/:id/:months/preview - what that order would cost and do to the company's plan
  app.get(
    '/api/payu/buy_premium/:id/:months/preview',
    {
      schema: {
        tags: ['payments'],
        params: buyPremiumParamsSchema,
        response: { 200: dataOf(planPreviewSchema) },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      const { id, months } = request.params;
      return { data: await previewPlanOrder({ actor, planId: id, months, locale: request.locale }) };
    },
  );

  // GET /api/payu/buy_events/:id - an event pack (more event creations)
  app.get(
    '/api/payu/buy_events/:id',
    { ...buying, schema: { tags: ['payments'], params: z.object({ id: positiveId }), response: started } },
    async (request) => ({ data: await buyEventPack({ ...purchaseOf(request), packId: request.params.id }) }),
  );

  // GET /api/payu/buy_price_pack/:id/:event_id - an event-promotion price pack for one own event
  app.get(
    '/api/payu/buy_price_pack/:id/:event_id',
    {
      ...buying,
      schema: {
        tags: ['payments'],
        params: z.object({ id: positiveId, event_id: positiveId }),
        response: started,
      },
    },
    async (request) => ({
      data: await buyPromotion({
        ...purchaseOf(request),
        packId: request.params.id,
        eventId: request.params.event_id,
      }),
    }),
  );

  // GET /api/payu/buy_promo/:name?place_id&weeks - the home-page ad under this name (250 PLN per 7 days)
  app.get(
    '/api/payu/buy_promo/:name',
    {
      ...buying,
      schema: {
        tags: ['payments'],
        params: z.object({ name: homeAdNameSchema }),
        querystring: buyHomeAdQuerySchema,
        response: started,
      },
    },
    async (request) => ({
      data: await buyHomeAd({
        ...purchaseOf(request),
        name: request.params.name,
        placeId: request.query.place_id,
        weeks: request.query.weeks,
      }),
    }),
  );

  // GET /api/payu/pay/:ext_order_id - pays an order placed earlier (the home-page ad chosen at registration);
  // a failed, cancelled or expired one is bought anew at today's price (pay-again.ts)
  app.get(
    '/api/payu/pay/:ext_order_id',
    {
      ...buying,
      schema: {
        tags: ['payments'],
        params: z.object({ ext_order_id: z.string().max(64) }),
        response: started,
      },
    },
    async (request) => ({
      data: await payAgain({ ...purchaseOf(request), extOrderId: request.params.ext_order_id }),
    }),
  );

  // GET /api/order - the signed-in company's orders, newest first, with what each granted
  app.get(
    '/api/order',
    {
      schema: {
        tags: ['payments'],
        querystring: z.object({ page: pageQueryFields.page, per_page: pageQueryFields.per_page }),
        response: { 200: pageSchema(orderResourceSchema) },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      return listCompanyOrders({ companyId: actor.id, locale: request.locale, query: request.query });
    },
  );

  // GET /api/order/:ext_order_id - one of the signed-in company's orders, by the id in its return address
  app.get(
    '/api/order/:ext_order_id',
    {
      schema: {
        tags: ['payments'],
        params: z.object({ ext_order_id: z.string().max(64) }),
        response: { 200: dataOf(orderResourceSchema) },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      const order = await getOrderByExtId({
        extOrderId: request.params.ext_order_id,
        locale: request.locale,
        ownerId: actor.id,
      });
      if (!order) throw notFound();
      return { data: order };
    },
  );

  // POST /api/payu/test/:ext_order_id - the local test payment page's choice (only without PayU)
  app.post(
    '/api/payu/test/:ext_order_id',
    {
      onRequest: ownOriginOnly({ always: true }),
      schema: {
        tags: ['payments'],
        params: z.object({ ext_order_id: z.string().max(64) }),
        body: testPaymentBodySchema,
        response: { 200: dataOf(z.object({ url: z.string() })) },
      },
    },
    async (request) => ({
      data: await completeTestPayment({
        extOrderId: request.params.ext_order_id,
        outcome: request.body.outcome,
        siteOrigin: siteOrigin(request),
      }),
    }),
  );

  // POST /api/payu/notify - PayU's status notifications; the signature covers the exact bytes sent, so
  // this route reads the body raw (its own scope, so no other route's JSON parsing changes).
  await app.register(async (scope) => {
    // PayU sends application/json (with a charset); other bodies meet the API's usual parsers.
    scope.removeContentTypeParser('application/json');
    scope.addContentTypeParser(
      'application/json',
      { parseAs: 'buffer', bodyLimit: 64 * 1024 },
      (_request, body, done) => done(null, body),
    );
    scope.post(
      '/api/payu/notify',
      {
        schema: {
          tags: ['payments'],
          response: { 200: z.object({ status: z.literal('OK') }), '4xx': errorResponseSchema },
        },
      },
      async (request) => {
        const rawBody = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        const signature = request.headers['openpayu-signature'];
        await handlePaymentNotification({
          rawBody,
          signature: Array.isArray(signature) ? signature[0] : signature,
        });
        // Answered only now: the status change and the grant have committed.
        return { status: 'OK' as const };
      },
    );
  });
};
