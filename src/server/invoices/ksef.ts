import 'server-only';
import { and, eq, isNull } from 'drizzle-orm';
import { getDb } from '@/db/client';
import { invoices } from '@/db/schema';
import { invoiceFa3Xml } from './fa3-documents';

// Issue 27 item 4: KSeF, the Ministry of Finance's e-invoice system. Sending to it needs the seller's own
// authorisation (a KSeF token or qualified certificate for the seller's NIP) and an online session per
// batch, which only the seller can set up. The portal therefore writes every invoice as FA(3) and sends
// nothing yet: the client below is the one seam where a real one plugs in (docs/decisions.md).

export interface KsefClient {
  /** False while the seller has not configured KSeF: nothing is sent then. */
  readonly configured: boolean;
  /** Sends one FA(3) invoice; resolves to the number KSeF assigned it. */
  submit(invoiceXml: string): Promise<{ referenceNumber: string }>;
}

/** What the portal uses today: not configured, so invoices stay outside KSeF (ksef_reference null). */
export const notConfiguredKsef: KsefClient = {
  configured: false,
  async submit() {
    throw new Error('KSeF is not configured: the seller has no KSeF credentials in this installation');
  },
};

/** The KSeF client of this installation. */
export function ksefClient(): KsefClient {
  return notConfiguredKsef;
}

/**
 * Sends an issued invoice to KSeF once and records the number KSeF gave it; run after the issuing
 * transaction has committed (a network call does not belong inside it). Resolves to the KSeF number,
 * or null when KSeF is not configured, the invoice does not exist or it was sent already.
 */
export async function submitInvoiceToKsef(
  invoiceId: number,
  client: KsefClient = ksefClient(),
): Promise<string | null> {
  if (!client.configured) return null;
  const db = await getDb();
  const [invoice] = await db
    .select({ ksefReference: invoices.ksefReference })
    .from(invoices)
    .where(eq(invoices.id, invoiceId));
  if (!invoice || invoice.ksefReference) return null;
  const xml = await invoiceFa3Xml(db, invoiceId);
  if (!xml) return null;
  const { referenceNumber } = await client.submit(xml);
  // Only the first answer is kept: the column is the invoice's KSeF identity and never changes.
  const [recorded] = await db
    .update(invoices)
    .set({ ksefReference: referenceNumber })
    .where(and(eq(invoices.id, invoiceId), isNull(invoices.ksefReference)))
    .returning({ ksefReference: invoices.ksefReference });
  return recorded?.ksefReference ?? null;
}
