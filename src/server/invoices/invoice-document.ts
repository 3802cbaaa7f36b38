import 'server-only';
import { and, asc, eq, type SQL } from 'drizzle-orm';
import { getConfig } from '@/config';
import { type DbOrTx, getDb } from '@/db/client';
import { invoiceLines, invoices } from '@/db/schema';
import { notFound } from '@/server/errors';
import { type InvoiceDocument, invoiceFileName, renderInvoicePdf } from './invoice-pdf';

// Issue 27: an invoice's PDF for its buyer, an admin, or the mail that carries it. Rendered from the
// stored rows each time (a few milliseconds), so nothing but the rows needs keeping.

export interface InvoicePdf {
  fileName: string;
  pdf: Buffer;
}

async function loadDocument(db: DbOrTx, where: SQL | undefined): Promise<InvoiceDocument | null> {
  const [invoice] = await db.select().from(invoices).where(where).limit(1);
  if (!invoice) return null;
  const [lines, [corrected]] = await Promise.all([
    db
      .select()
      .from(invoiceLines)
      .where(eq(invoiceLines.invoiceId, invoice.id))
      .orderBy(asc(invoiceLines.position)),
    invoice.correctsId
      ? db
          .select({ number: invoices.number, issuedAt: invoices.issuedAt })
          .from(invoices)
          .where(eq(invoices.id, invoice.correctsId))
      : [],
  ]);
  // The demo seller (no SELLER_* configured) is marked on its invoices; a configured seller never is.
  const seller = getConfig().seller;
  const demo = seller.demo && invoice.seller.nip === seller.nip;
  return { invoice, lines, corrected: corrected ?? null, demo };
}

async function render(document: InvoiceDocument): Promise<InvoicePdf> {
  return { fileName: invoiceFileName(document.invoice.number), pdf: await renderInvoicePdf(document) };
}

/**
 * GET /api/invoice/{id}.pdf: the buyer's own invoice, or any invoice for an admin. Anyone else finds
 * nothing (404, not 403), so invoice ids say nothing about who bought what.
 */
export async function getInvoicePdf({
  actor,
  invoiceId,
}: {
  actor: { id: number; role: string };
  invoiceId: number;
}): Promise<InvoicePdf> {
  const mine = actor.role === 'admin' ? undefined : eq(invoices.userId, actor.id);
  const document = await loadDocument(await getDb(), and(eq(invoices.id, invoiceId), mine));
  if (!document) throw notFound();
  return render(document);
}

/** The PDF a queued mail attaches (mail_outbox.attachments); the mail's recipient was chosen when queued. */
export async function invoicePdfAttachment(invoiceId: number): Promise<InvoicePdf> {
  const document = await loadDocument(await getDb(), eq(invoices.id, invoiceId));
  if (!document) throw new Error(`invoice ${invoiceId} to attach does not exist`);
  return render(document);
}
