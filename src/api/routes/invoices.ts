import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf } from '@/api/plugins/auth';
import { getInvoicePdf } from '@/server/invoices/invoice-document';

export const invoicesRoutes: FastifyPluginAsyncZod = async (app) => {
  // GET /api/invoice/:id.pdf - an invoice or correcting invoice as a PDF, for its buyer and admins
  // (anyone else: 404)
  app.get(
    '/api/invoice/:id.pdf',
    {
      schema: {
        tags: ['invoices'],
        params: z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) }),
        produces: ['application/pdf'],
      },
    },
    async (request, reply) => {
      const actor = actorOf(request);
      const { fileName, pdf } = await getInvoicePdf({ actor, invoiceId: request.params.id });
      return (
        reply
          .type('application/pdf')
          .header('Content-Disposition', `attachment; filename="${fileName}"`)
          // A tax document of one buyer: no shared cache keeps it, and no browser cache after sign-out.
          .header('Cache-Control', 'private, no-store')
          .send(pdf)
      );
    },
  );
};
