import 'server-only';
import { eq } from 'drizzle-orm';
import { getConfig } from '@/config';
import type { Tx } from '@/db/client';
import {
  type BuyerSnapshot,
  billingDetails,
  type Invoice,
  invoiceLines,
  invoices,
  type Order,
  orderItems,
  type SellerSnapshot,
  users,
} from '@/db/schema';
import { dateToWarsaw } from '@/lib/warsaw-time';
import { type InvoiceSeries, nextInvoiceNumber } from './numbering';
import { type LineAmounts, lineOf, totalsOf } from './vat';

// Issue 27: every paid order gets its invoice in the transaction that grants it, and every refund its
// correcting invoice in the transaction that settles it. What is written here never changes afterwards.

/** The seller as configured now (SELLER_*), without the demo flag. */
export function sellerSnapshot(): SellerSnapshot {
  const { demo: _demo, ...seller } = getConfig().seller;
  return seller;
}

/** The buyer of an order: the billing data chosen at checkout, else the saved one, else the account. */
export async function buyerOf(tx: Tx, order: Order): Promise<BuyerSnapshot> {
  if (order.billing) return order.billing;
  const [saved] = await tx.select().from(billingDetails).where(eq(billingDetails.userId, order.userId));
  if (saved)
    return {
      kind: saved.kind,
      name: saved.name,
      nip: saved.nip,
      street: saved.street,
      postcode: saved.postcode,
      city: saved.city,
      country: saved.country,
    };
  const [account] = await tx.select().from(users).where(eq(users.id, order.userId));
  const name =
    account?.companyName ?? [account?.firstName, account?.lastName].filter(Boolean).join(' ') ?? '';
  return {
    kind: 'private',
    name: name || (account?.email ?? ''),
    nip: null,
    street: '',
    postcode: '',
    city: account?.city ?? '',
    country: 'PL',
  };
}

/** How an order was paid, as the invoice names it. */
export const paymentMethodOf = (order: Pick<Order, 'provider'>) =>
  order.provider === 'payu' ? 'PayU' : 'test';

async function writeInvoice(
  tx: Tx,
  {
    kind,
    series,
    order,
    buyer,
    lines,
    issuedAt,
    saleDate,
    paidAt,
    correctsId = null,
    reason = null,
    seller = sellerSnapshot(),
  }: {
    kind: Invoice['kind'];
    series: InvoiceSeries;
    order: Order;
    buyer: BuyerSnapshot;
    lines: LineAmounts[];
    issuedAt: Date;
    saleDate: string;
    paidAt: Date | null;
    correctsId?: number | null;
    reason?: string | null;
    seller?: SellerSnapshot;
  },
): Promise<Invoice> {
  const numbered = await nextInvoiceNumber(tx, series, issuedAt);
  const totals = totalsOf(lines);
  const [invoice] = await tx
    .insert(invoices)
    .values({
      kind,
      series,
      ...numbered,
      orderId: order.id,
      userId: order.userId,
      correctsId,
      reason,
      issuedAt,
      saleDate,
      buyer,
      seller,
      currency: order.currency,
      net: totals.net,
      vat: totals.vat,
      gross: totals.gross,
      paymentMethod: paymentMethodOf(order),
      paidAt,
      locale: order.locale,
    })
    .returning();
  if (!invoice) throw new Error('invoice insert returned nothing');
  await tx
    .insert(invoiceLines)
    .values(lines.map((line, i) => ({ invoiceId: invoice.id, position: i + 1, ...line })));
  return invoice;
}

/** The VAT invoice of an order paid at `now`: its lines as the order billed them, gross split into net and VAT. */
export async function issueInvoice(tx: Tx, order: Order, now: Date): Promise<Invoice> {
  const items = await tx
    .select()
    .from(orderItems)
    .where(eq(orderItems.orderId, order.id))
    .orderBy(orderItems.id);
  return writeInvoice(tx, {
    kind: 'invoice',
    series: 'FV',
    order,
    buyer: await buyerOf(tx, order),
    lines: items.map((item) => lineOf(item.name, item.quantity, item.unitPrice)),
    issuedAt: now,
    saleDate: dateToWarsaw(order.paidAt ?? now).date,
    paidAt: order.paidAt ?? now,
  });
}

/**
 * The correcting invoice of a refund of `amount` grosze: one line taking the amount back (negative), with
 * the buyer and seller of the invoice it corrects.
 */
export async function issueCorrection(
  tx: Tx,
  {
    invoice,
    order,
    amount,
    lineName,
    reason,
    now,
  }: { invoice: Invoice; order: Order; amount: number; lineName: string; reason: string; now: Date },
): Promise<Invoice> {
  return writeInvoice(tx, {
    kind: 'correction',
    series: 'FK',
    order,
    buyer: invoice.buyer,
    lines: [lineOf(lineName, 1, -amount)],
    issuedAt: now,
    saleDate: invoice.saleDate,
    paidAt: now,
    correctsId: invoice.id,
    reason,
    seller: invoice.seller,
  });
}
