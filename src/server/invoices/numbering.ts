import 'server-only';
import { sql } from 'drizzle-orm';
import type { Tx } from '@/db/client';
import { invoiceCounters } from '@/db/schema';
import { warsawParts } from '@/lib/warsaw-time';

/** FV for invoices, FK for corrections (faktura korygująca). */
export type InvoiceSeries = 'FV' | 'FK';

/**
 * The next number of the series for the Warsaw month of `issuedAt`: FV/2026/11/0001. The counter's row is
 * created or incremented by one statement and stays locked until the caller's transaction ends, so parallel
 * payments (in one process or several) queue on it, and a transaction rolled back gives its number back:
 * no gaps, no repeats.
 */
export async function nextInvoiceNumber(
  tx: Tx,
  series: InvoiceSeries,
  issuedAt: Date,
): Promise<{ period: string; seq: number; number: string }> {
  const { year, month } = warsawParts(issuedAt);
  const period = `${year}-${month}`;
  const [row] = await tx
    .insert(invoiceCounters)
    .values({ series, period, last: 1 })
    .onConflictDoUpdate({
      target: [invoiceCounters.series, invoiceCounters.period],
      set: { last: sql`${invoiceCounters.last} + 1` },
    })
    .returning({ last: invoiceCounters.last });
  if (!row) throw new Error('invoice counter returned nothing');
  return { period, seq: row.last, number: `${series}/${year}/${month}/${String(row.last).padStart(4, '0')}` };
}
