import { Readable } from 'node:stream';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '@/api/plugins/auth';
import { invoiceExportParams } from '@/lib/schemas/invoice-export';
import { monthlyInvoiceExport } from '@/server/invoices/monthly-export';

// Issue 27 item 4: the invoices of a month for the accounting office, in the admin scope.
export const adminInvoicesRoutes: FastifyPluginAsyncZod = async (app) => {
  // GET /api/admin/invoices/{YYYY-MM}.zip - the Warsaw month's invoices and corrections as FA(3) XML
  // files and a CSV summary, streamed
  app.get(
    '/api/admin/invoices/:month.zip',
    {
      schema: {
        tags: ['admin'],
        params: invoiceExportParams,
        produces: ['application/zip'],
      },
    },
    async (request, reply) => {
      // Throws unless this route sits in the admin scope, which has checked the role.
      actorOf(request);
      const { fileName, chunks } = monthlyInvoiceExport({
        month: request.params.month,
        locale: request.locale,
      });
      return reply
        .header('Content-Type', 'application/zip')
        .header('Content-Disposition', `attachment; filename="${fileName}"`)
        .header('Cache-Control', 'private, no-store')
        .send(Readable.from(chunks));
    },
  );
};
