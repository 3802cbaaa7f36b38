import { z } from 'zod';

// Issue 27 item 4: the admin's monthly export of invoices for the accounting office.

/** A calendar month, YYYY-MM (Warsaw time, as invoice numbers run). */
export const invoiceMonthSchema = z.string().regex(/^(19|20|21)\d{2}-(0[1-9]|1[0-2])$/, 'validation.month');

/** GET /api/admin/invoices/{YYYY-MM}.zip */
export const invoiceExportParams = z.object({ month: invoiceMonthSchema });
