import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { getDb } from '@/db/client';
import { invoices, orderItems, orders } from '@/db/schema';
import { insertActor } from '@/test-support/fixtures';
import { issueInvoice } from './issue-invoice';
import { type KsefClient, ksefClient, submitInvoiceToKsef } from './ksef';

// Issue 27 item 4: the portal sends nothing to KSeF until the seller configures it; a configured client
// gets the invoice's FA(3) XML once and its KSeF number is kept.

async function paidInvoice() {
  const buyer = await insertActor('company');
  const db = await getDb();
  const now = new Date();
  const [order] = await db
    .insert(orders)
    .values({ userId: buyer.id, kind: 'events', status: 'paid', amount: 4999, provider: 'test', paidAt: now })
    .returning();
  if (!order) throw new Error('no order');
  await db
    .insert(orderItems)
    .values({ orderId: order.id, name: 'Pakiet 10 wydarzeń', unitPrice: 4999, quantity: 1 });
  return db.transaction((tx) => issueInvoice(tx, order, now));
}

const ksefReference = async (id: number) => {
  const db = await getDb();
  const [row] = await db.select({ ref: invoices.ksefReference }).from(invoices).where(eq(invoices.id, id));
  return row?.ref;
};

describe('KSeF', () => {
  it('is not configured in this installation: nothing is sent and ksef_reference stays null', async () => {
    const invoice = await paidInvoice();
    expect(ksefClient().configured).toBe(false);
    await expect(ksefClient().submit('<Faktura/>')).rejects.toThrow(/not configured/);
    expect(await submitInvoiceToKsef(invoice.id)).toBeNull();
    expect(await ksefReference(invoice.id)).toBeNull();
  });

  it('sends a configured client the FA(3) XML once and keeps the number KSeF gave it', async () => {
    const invoice = await paidInvoice();
    const sent: string[] = [];
    const client: KsefClient = {
      configured: true,
      async submit(xml) {
        sent.push(xml);
        return { referenceNumber: `9990001114-20261127-${String(sent.length).padStart(6, '0')}-AB` };
      },
    };
    expect(await submitInvoiceToKsef(invoice.id, client)).toBe('9990001114-20261127-000001-AB');
    expect(await submitInvoiceToKsef(invoice.id, client)).toBeNull();
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatch(
      /^<\?xml version="1\.0" encoding="UTF-8"\?>\n<Faktura xmlns="http:\/\/crd\.gov\.pl\/wzor\/2025\/06\/25\/13775\/">/,
    );
    expect(sent[0]).toContain(`<P_2>${invoice.number}</P_2>`);
    expect(await ksefReference(invoice.id)).toBe('9990001114-20261127-000001-AB');
    expect(await submitInvoiceToKsef(999_999, client)).toBeNull();
  });
});
