import 'server-only';
import { asc, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '@/db/client';
import { type Invoice, invoiceLines, invoices } from '@/db/schema';
import { type CorrectedInvoice, type Fa3Input, fa3Xml } from './fa3-xml';

// The stored rows an FA(3) document is written from: invoices, their lines and, for corrections, the
// invoice corrected. Loaded for many invoices at once, in two queries whatever their number.

/** The FA(3) inputs of `rows`, in the same order. */
export async function loadFa3Inputs(db: DbOrTx, rows: Invoice[]): Promise<Fa3Input[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const correctedIds = [...new Set(rows.flatMap((r) => (r.correctsId ? [r.correctsId] : [])))];
  const [lines, corrected] = await Promise.all([
    db
      .select()
      .from(invoiceLines)
      .where(inArray(invoiceLines.invoiceId, ids))
      .orderBy(asc(invoiceLines.invoiceId), asc(invoiceLines.position)),
    correctedIds.length
      ? db
          .select({
            id: invoices.id,
            number: invoices.number,
            issuedAt: invoices.issuedAt,
            ksefReference: invoices.ksefReference,
          })
          .from(invoices)
          .where(inArray(invoices.id, correctedIds))
      : [],
  ]);
  // Map.groupBy would do, but Node 20 lacks it.
  const linesOf = new Map<number, typeof lines>();
  for (const l of lines) {
    const list = linesOf.get(l.invoiceId);
    if (list) list.push(l);
    else linesOf.set(l.invoiceId, [l]);
  }
  const correctedById = new Map<number, CorrectedInvoice>(corrected.map((c) => [c.id, c]));
  return rows.map((invoice) => ({
    invoice,
    lines: linesOf.get(invoice.id) ?? [],
    corrected: invoice.correctsId ? (correctedById.get(invoice.correctsId) ?? null) : null,
  }));
}

/** One invoice's FA(3) XML, or null when there is no such invoice. */
export async function invoiceFa3Xml(db: DbOrTx, invoiceId: number): Promise<string | null> {
  const [invoice] = await db.select().from(invoices).where(eq(invoices.id, invoiceId));
  if (!invoice) return null;
  const [input] = await loadFa3Inputs(db, [invoice]);
  return input ? fa3Xml(input) : null;
}
