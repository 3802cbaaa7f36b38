import 'server-only';
import { and, asc, count, desc, eq, ilike, inArray, ne, or, type SQL, sum } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { getDb } from '@/db/client';
import { invoices, orderItems, orders, type Refund, refunds, users } from '@/db/schema';
import { toPln } from '@/lib/format';
import type { AdminOrder, RefundResource } from '@/lib/schemas/admin-refunds';
import { type Page, type PageQuery, pageOf, toPage } from '@/lib/schemas/pagination';
import { notFound } from '@/server/errors';
import { invoicePdfPath } from '@/server/invoices/invoice-urls';
import type { Withdrawn } from './refund-withdraw';

// Issue 27 point 5: the orders an admin may refund, with the refunds each has had.

const dayMs = 86_400_000;
const days = (ms: number | undefined) => Math.round(((ms ?? 0) / dayMs) * 100) / 100;

const admins = alias(users, 'refund_admins');

async function refundsOf(where: SQL): Promise<RefundResource[]> {
  const db = await getDb();
  const rows = await db
    .select({ refund: refunds, adminEmail: admins.email, correction: invoices.number })
    .from(refunds)
    .leftJoin(admins, eq(admins.id, refunds.adminId))
    .leftJoin(invoices, eq(invoices.id, refunds.correctionId))
    .where(where)
    .orderBy(asc(refunds.createdAt), asc(refunds.id));
  return rows.map(({ refund, adminEmail, correction }) => toRefundResource(refund, adminEmail, correction));
}

function toRefundResource(
  refund: Refund,
  adminEmail: string | null,
  correction: string | null,
): RefundResource {
  const w = refund.withdrawn as Withdrawn | null;
  return {
    id: refund.id,
    order_id: refund.orderId,
    amount: toPln(refund.amount),
    reason: refund.reason,
    status: refund.status,
    created_at: refund.createdAt.toISOString(),
    completed_at: refund.completedAt?.toISOString() ?? null,
    admin: refund.adminId !== null && adminEmail !== null ? { id: refund.adminId, email: adminEmail } : null,
    withdrawn: w
      ? {
          plan_days: days(w.plan_ms),
          events: w.events ?? 0,
          promotion_days: days(w.promotion_ms),
          home_ad_days: days(w.home_ad_ms),
        }
      : null,
    correction:
      refund.correctionId !== null && correction
        ? { id: refund.correctionId, number: correction, pdf_url: invoicePdfPath(refund.correctionId) }
        : null,
  };
}

/** Grosze of the order that may still be refunded: paid, less refunds done and refunds under way. */
export function refundableOf(order: { amount: number; refundedAmount: number }, pending: number): number {
  return Math.max(0, order.amount - order.refundedAmount - pending);
}

/** One refund as the admin API answers it. */
export async function getRefund(id: number): Promise<RefundResource> {
  const [refund] = await refundsOf(eq(refunds.id, id));
  if (!refund) throw notFound();
  return refund;
}

/** The search of the refunds page: the buyer's e-mail (part of it), the order's number or external id. */
function searchOf(q: string | undefined): SQL | undefined {
  if (!q) return undefined;
  const byId = /^\d{1,9}$/.test(q) ? eq(orders.id, Number(q)) : undefined;
  const byExt = /^[0-9a-f-]{36}$/i.test(q) ? eq(orders.extOrderId, q.toLowerCase()) : undefined;
  const escaped = q.replace(/[\\%_]/g, (c) => `\\${c}`);
  return or(ilike(users.email, `%${escaped}%`), byId, byExt);
}

/** GET /api/admin/orders: every order but those never registered, newest first, a page at a time. */
export async function listAdminOrders(query: PageQuery & { q?: string } = {}): Promise<Page<AdminOrder>> {
  const { page, perPage } = pageOf(query);
  const db = await getDb();
  const where = and(ne(orders.status, 'failed'), searchOf(query.q));
  const [rows, [total]] = await Promise.all([
    db
      .select({
        order: orders,
        email: users.email,
        first: users.firstName,
        last: users.lastName,
        company: users.companyName,
      })
      .from(orders)
      .innerJoin(users, eq(users.id, orders.userId))
      .where(where)
      .orderBy(desc(orders.createdAt), desc(orders.id))
      .limit(perPage)
      .offset((page - 1) * perPage),
    db.select({ n: count() }).from(orders).innerJoin(users, eq(users.id, orders.userId)).where(where),
  ]);
  const ids = rows.map((r) => r.order.id);
  const [items, refundRows, pendingRows] = ids.length
    ? await Promise.all([
        db.select().from(orderItems).where(inArray(orderItems.orderId, ids)).orderBy(asc(orderItems.id)),
        refundsOf(inArray(refunds.orderId, ids)),
        db
          .select({ orderId: refunds.orderId, total: sum(refunds.amount).mapWith(Number) })
          .from(refunds)
          .where(and(inArray(refunds.orderId, ids), eq(refunds.status, 'pending')))
          .groupBy(refunds.orderId),
      ])
    : [[], [], []];
  const pendingOf = new Map(pendingRows.map((p) => [p.orderId, p.total]));
  return toPage(
    rows.map(({ order, email, first, last, company }) => ({
      id: order.id,
      ext_order_id: order.extOrderId,
      kind: order.kind,
      status: order.status,
      provider: order.provider,
      amount: toPln(order.amount),
      refunded_amount: toPln(order.refundedAmount),
      refundable: order.status === 'paid' ? toPln(refundableOf(order, pendingOf.get(order.id) ?? 0)) : 0,
      currency: order.currency,
      created_at: order.createdAt.toISOString(),
      paid_at: order.paidAt?.toISOString() ?? null,
      buyer: { id: order.userId, email, name: company ?? [first, last].filter(Boolean).join(' ') },
      items: items.filter((i) => i.orderId === order.id).map((i) => i.name),
      refunds: refundRows.filter((r) => r.order_id === order.id),
    })),
    total?.n ?? 0,
    query,
  );
}
