import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { parseFields } from '@/api/forms';
import { actorOf } from '@/api/plugins/auth';
import { translate } from '@/i18n/translate';
import {
  adminOrderSchema,
  adminOrdersQuerySchema,
  refundBodySchema,
  refundResourceSchema,
} from '@/lib/schemas/admin-refunds';
import { dataWithMessageOf } from '@/lib/schemas/common-responses';
import { idParams } from '@/lib/schemas/fields';
import { pageSchema } from '@/lib/schemas/pagination';
import { listAdminOrders } from '@/server/payments/admin-orders';
import { refundOrder } from '@/server/payments/refund';

// Issue 27 point 5: orders and their refunds, in the admin scope (`adminScope`): the body of a refund is
// read only after the role was checked.

const tags = ['admin'];

const bodyOf = (body: unknown): Record<string, unknown> =>
  body && typeof body === 'object' && !Array.isArray(body) ? (body as Record<string, unknown>) : {};

export const adminRefundsRoutes: FastifyPluginAsyncZod = async (app) => {
  // GET /api/admin/orders?q=&page= - orders by buyer e-mail, number or external id, newest first
  app.get(
    '/api/admin/orders',
    {
      schema: { tags, querystring: adminOrdersQuerySchema, response: { 200: pageSchema(adminOrderSchema) } },
    },
    async (request) => listAdminOrders(request.query),
  );

  // POST /api/admin/order/:id/refund {amount (PLN), reason} - asks the provider; done on its notification
  app.post(
    '/api/admin/order/:id/refund',
    { schema: { tags, params: idParams, response: { 201: dataWithMessageOf(refundResourceSchema) } } },
    async (request, reply) => {
      const admin = actorOf(request);
      const input = parseFields(refundBodySchema, bodyOf(request.body));
      const data = await refundOrder({ admin, orderId: request.params.id, input });
      // The test provider settles a refund at once; PayU's is done only when its notification comes.
      const message = translate(
        request.locale,
        `payments.refund.${data.status === 'done' ? 'done' : 'requested'}`,
      );
      return reply.code(201).send({ data, message });
    },
  );
};
