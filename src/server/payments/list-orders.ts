import 'server-only';
import { and, asc, count, desc, eq, inArray } from 'drizzle-orm';
import { getDb } from '@/db/client';
import { events, invoices, type Order, orderItems, orders, places, premiumSettings } from '@/db/schema';
import { toPln } from '@/lib/format';
import type { Locale } from '@/lib/locale';
import type { OrderInvoice, OrderResource } from '@/lib/schemas/orders';
import { type Page, type PageQuery, pageOf, toPage } from '@/lib/schemas/pagination';
import { invoicePdfPath } from '@/server/invoices/invoice-urls';

/** The orders of `rows` as the API and the profile show them, lines, names and invoices included (at most 5 queries). */
async function toResources(rows: Order[], locale: Locale): Promise<OrderResource[]> {
  if (rows.length === 0) return [];
  const db = await getDb();
  const ids = rows.map((o) => o.id);
  const planIds = rows.flatMap((o) => (o.premiumSettingId ? [o.premiumSettingId] : []));
  const eventIds = rows.flatMap((o) => (o.eventId ? [o.eventId] : []));
  const placeIds = rows.flatMap((o) => (o.placeId ? [o.placeId] : []));
  const [items, plans, eventRows, placeRows, invoiceRows] = await Promise.all([
    db.select().from(orderItems).where(inArray(orderItems.orderId, ids)).orderBy(asc(orderItems.id)),
    planIds.length ? db.select().from(premiumSettings).where(inArray(premiumSettings.id, planIds)) : [],
    eventIds.length
      ? db.select({ id: events.id, name: events.name }).from(events).where(inArray(events.id, eventIds))
      : [],
    placeIds.length
      ? db.select({ id: places.id, name: places.name }).from(places).where(inArray(places.id, placeIds))
      : [],
    db
      .select({ id: invoices.id, orderId: invoices.orderId, kind: invoices.kind, number: invoices.number })
      .from(invoices)
      .where(inArray(invoices.orderId, ids))
      .orderBy(asc(invoices.issuedAt), asc(invoices.id)),
  ]);
  const invoiceOf = (i: { id: number; number: string }): OrderInvoice => ({
    number: i.number,
    pdf_url: invoicePdfPath(i.id),
  });
  const invoiceByOrder = new Map(
    invoiceRows.filter((i) => i.kind === 'invoice').map((i) => [i.orderId, invoiceOf(i)]),
  );
  const planById = new Map(
    plans.map((p) => [p.id, { id: p.id, name: locale === 'en' ? p.nameEn : p.namePl }]),
  );
  const eventById = new Map(eventRows.map((e) => [e.id, e]));
  const placeById = new Map(placeRows.map((p) => [p.id, p]));
  return rows.map((o) => ({
    id: o.id,
    ext_order_id: o.extOrderId,
    kind: o.kind,
    status: o.status,
    amount: toPln(o.amount),
    currency: o.currency,
    created_at: o.createdAt.toISOString(),
    paid_at: o.paidAt?.toISOString() ?? null,
    plan: (o.premiumSettingId && planById.get(o.premiumSettingId)) || null,
    months: o.months,
    events_count: o.eventsCount,
    event: (o.eventId && eventById.get(o.eventId)) || null,
    days: o.kind === 'promotion' ? o.days : null,
    ad_name: o.adName,
    place: (o.placeId && placeById.get(o.placeId)) || null,
    weeks: o.weeks,
    granted_from: o.grantedFrom?.toISOString() ?? null,
    granted_until: o.grantedUntil?.toISOString() ?? null,
    events_added: o.eventsAdded,
    items: items
      .filter((i) => i.orderId === o.id)
      .map((i) => ({ name: i.name, unit_price: toPln(i.unitPrice), quantity: i.quantity })),
    invoice: invoiceByOrder.get(o.id) ?? null,
    corrections: invoiceRows.filter((i) => i.orderId === o.id && i.kind === 'correction').map(invoiceOf),
  }));
}

/** GET /api/order: the company's orders, newest first, a page at a time. */
export async function listCompanyOrders({
  companyId,
  locale,
  query = {},
}: {
  companyId: number;
  locale: Locale;
  query?: PageQuery;
}): Promise<Page<OrderResource>> {
  const { page, perPage } = pageOf(query);
  const db = await getDb();
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(orders)
      .where(eq(orders.userId, companyId))
      .orderBy(desc(orders.createdAt), desc(orders.id))
      .limit(perPage)
      .offset((page - 1) * perPage),
    db.select({ n: count() }).from(orders).where(eq(orders.userId, companyId)),
  ]);
  return toPage(await toResources(rows, locale), total?.n ?? 0, query);
}

/**
 * One order by its random external id (the return address carries it): its owner sees everything;
 * `/cart/finish` may show the outcome to the payer even before they sign in, since the id cannot be guessed.
 */
export async function getOrderByExtId({
  extOrderId,
  locale,
  ownerId,
}: {
  extOrderId: string;
  locale: Locale;
  /** When given, only this company's order is found. */
  ownerId?: number;
}): Promise<OrderResource | null> {
  if (!/^[0-9a-f-]{36}$/i.test(extOrderId)) return null;
  const db = await getDb();
  const rows = await db
    .select()
    .from(orders)
    .where(
      ownerId === undefined
        ? eq(orders.extOrderId, extOrderId)
        : and(eq(orders.extOrderId, extOrderId), eq(orders.userId, ownerId)),
    )
    .limit(1);
  return (await toResources(rows, locale))[0] ?? null;
}
