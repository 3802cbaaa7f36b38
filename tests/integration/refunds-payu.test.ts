import { and, count, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getDb } from '@/db/client';
import {
  auditLog,
  invoiceLines,
  invoices,
  mailOutbox,
  orders,
  paymentSettings,
  premiumSettings,
  refunds,
  users,
} from '@/db/schema';
import { createAccount, createOrganiser, setupApi } from '../helpers/api';
import { setupTestDb } from '../helpers/db';
import { type FakePayuRefundStatus, startFakePayu } from '../helpers/payu-server';

// Issue 27 points 5 and 6 through PayU (a local server speaking its REST API v2.1): an admin's refund is
// asked of PayU and settled only by PayU's signed refund notification, once; a cancelled or expired
// order is ordered anew. The portal reads its PayU settings once per process, so they are set first.
const payu = await startFakePayu();
Object.assign(process.env, payu.env, { PUBLIC_URL: 'https://portal.example' });

setupTestDb();
const api = setupApi();

afterAll(() => payu.close());

const dayMs = 86_400_000;
let pack: typeof paymentSettings.$inferSelect;
let plan: typeof premiumSettings.$inferSelect;
let admin: Awaited<ReturnType<typeof createAccount>>;

beforeAll(async () => {
  const db = await getDb();
  [pack] = (await db.select().from(paymentSettings).orderBy(paymentSettings.count)) as [typeof pack];
  const plans = await db.select().from(premiumSettings).orderBy(premiumSettings.level);
  plan = plans.find((p) => p.price > 0 && !p.isPromoActive) as typeof plan;
  admin = await createAccount('admin');
});

async function orderRow(extOrderId: string) {
  const db = await getDb();
  const [row] = await db.select().from(orders).where(eq(orders.extOrderId, extOrderId));
  if (!row) throw new Error('no order');
  return row;
}

async function account(userId: number) {
  const db = await getDb();
  const [row] = await db.select().from(users).where(eq(users.id, userId));
  if (!row) throw new Error('no account');
  return row;
}

async function notifyPayment(extOrderId: string, status: 'COMPLETED' | 'CANCELED') {
  const built = payu.buildNotification(extOrderId, status);
  return api().inject({
    method: 'POST',
    url: '/api/payu/notify',
    headers: built.headers,
    payload: built.body,
  });
}

async function notifyRefund(
  refund: string,
  status: FakePayuRefundStatus,
  options?: Parameters<typeof payu.buildRefundNotification>[2],
) {
  const built = payu.buildRefundNotification(refund, status, options);
  return api().inject({
    method: 'POST',
    url: '/api/payu/notify',
    headers: built.headers,
    payload: built.body,
  });
}

/** A company that bought and paid a pack (or what `path` names) through PayU. */
async function paidOrder(path = `/api/payu/buy_events/${pack.id}`, eventsLeft = 0) {
  const organiser = await createOrganiser({ eventsLeft });
  const bought = await api().inject({ method: 'GET', url: path, headers: organiser.auth });
  expect(bought.statusCode).toBe(200);
  const { ext_order_id } = bought.json().data as { ext_order_id: string };
  expect((await notifyPayment(ext_order_id, 'COMPLETED')).statusCode).toBe(200);
  return { organiser, order: await orderRow(ext_order_id) };
}

function refund(
  orderId: number,
  payload: Record<string, unknown>,
  headers: Record<string, string> = admin.auth,
) {
  return api().inject({ method: 'POST', url: `/api/admin/order/${orderId}/refund`, headers, payload });
}

async function refundRow(id: number) {
  const db = await getDb();
  const [row] = await db.select().from(refunds).where(eq(refunds.id, id));
  if (!row) throw new Error('no refund');
  return row;
}

async function correctionsOf(orderId: number) {
  const db = await getDb();
  return db
    .select()
    .from(invoices)
    .where(and(eq(invoices.orderId, orderId), eq(invoices.kind, 'correction')));
}

describe('refunds through PayU', () => {
  it('a full refund is asked of PayU, stays pending until FINALIZED, then withdraws the unused creations and issues a mailed correcting invoice', async () => {
    const { organiser, order } = await paidOrder();
    // Two of the pack's creations were used: they stay used.
    const db = await getDb();
    await db
      .update(users)
      .set({ eventsLeft: pack.count - 2 })
      .where(eq(users.id, organiser.user.id));
    const tokens = payu.tokensIssued;

    const asked = await refund(order.id, { amount: order.amount / 100, reason: 'Zakup przez pomyłkę' });
    expect(asked.statusCode).toBe(201);
    const data = asked.json().data;
    expect(data).toMatchObject({ order_id: order.id, amount: order.amount / 100, status: 'pending' });
    const sent = payu.refunds.at(-1);
    expect(sent?.orderId).toBe(order.providerOrderId);
    const row = await refundRow(data.id);
    expect(sent?.body).toEqual({
      description: 'Zakup przez pomyłkę',
      amount: String(order.amount),
      extRefundId: row.extRefundId,
      currencyCode: 'PLN',
    });
    // The OAuth token of the payment is reused.
    expect(payu.tokensIssued).toBe(tokens);
    expect(row.providerRefundId).toBe(sent?.refundId);
    // Nothing is taken back before PayU says the money went back.
    expect((await orderRow(order.extOrderId)).refundedAmount).toBe(0);
    expect((await account(organiser.user.id)).eventsLeft).toBe(pack.count - 2);
    expect(await correctionsOf(order.id)).toHaveLength(0);

    expect((await notifyRefund(row.extRefundId, 'FINALIZED')).statusCode).toBe(200);
    const done = await refundRow(data.id);
    expect(done.status).toBe('done');
    expect(done.withdrawn).toEqual({ events: pack.count - 2 });
    expect((await orderRow(order.extOrderId)).refundedAmount).toBe(order.amount);
    expect((await account(organiser.user.id)).eventsLeft).toBe(0);

    const [invoice] = await db
      .select()
      .from(invoices)
      .where(and(eq(invoices.orderId, order.id), eq(invoices.kind, 'invoice')));
    const [correction] = await correctionsOf(order.id);
    expect(correction?.id).toBe(done.correctionId);
    expect(correction?.number).toMatch(/^FK\/\d{4}\/\d{2}\/\d{4}$/);
    expect(correction).toMatchObject({
      correctsId: invoice?.id,
      gross: -order.amount,
      reason: 'Zakup przez pomyłkę',
    });
    expect(correction?.net).toBeLessThan(0);
    expect(correction?.vat).toBeLessThan(0);
    expect((correction?.net ?? 0) + (correction?.vat ?? 0)).toBe(-order.amount);
    const lines = await db
      .select()
      .from(invoiceLines)
      .where(eq(invoiceLines.invoiceId, correction?.id ?? 0));
    expect(lines).toHaveLength(1);
    expect(lines[0]?.gross).toBe(-order.amount);
    expect(lines[0]?.name).toContain(invoice?.number ?? '?');

    const [mail] = await db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.to, organiser.user.email))
      .orderBy(desc(mailOutbox.id))
      .limit(1);
    expect(mail?.text).toContain(correction?.number ?? '?');
    expect(mail?.attachments).toEqual([{ invoiceId: correction?.id }]);

    const [audit] = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'order.refund'), eq(auditLog.targetId, order.id)));
    expect(audit).toMatchObject({ adminId: admin.user.id, target: 'order' });
    expect(audit?.after).toMatchObject({
      refund_id: data.id,
      amount: order.amount,
      reason: 'Zakup przez pomyłkę',
    });

    // Nothing is left to refund.
    expect((await refund(order.id, { amount: '0.01', reason: 'Jeszcze raz' })).statusCode).toBe(422);
  });

  it('refunds once when the notification is repeated, arrives many times at once, or out of order', async () => {
    const { organiser, order } = await paidOrder();
    const half = Math.floor(order.amount / 2);
    const asked = await refund(order.id, { amount: half / 100, reason: 'Połowa' });
    expect(asked.statusCode).toBe(201);
    const { extRefundId } = await refundRow(asked.json().data.id);
    // A PENDING first changes nothing.
    expect((await notifyRefund(extRefundId, 'PENDING')).statusCode).toBe(200);
    expect((await refundRow(asked.json().data.id)).status).toBe('pending');
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => notifyRefund(extRefundId, 'FINALIZED')),
    );
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 200, 200, 200]);
    // A late CANCELED does not undo a refund that is done.
    expect((await notifyRefund(extRefundId, 'CANCELED')).statusCode).toBe(200);
    expect((await notifyRefund(extRefundId, 'FINALIZED')).statusCode).toBe(200);
    expect((await refundRow(asked.json().data.id)).status).toBe('done');
    expect((await orderRow(order.extOrderId)).refundedAmount).toBe(half);
    expect(await correctionsOf(order.id)).toHaveLength(1);
    const withdrawn = Math.round((half / order.amount) * pack.count);
    expect((await account(organiser.user.id)).eventsLeft).toBe(pack.count - withdrawn);

    // A refund PayU cancels takes nothing, and its amount can be refunded again.
    const second = await refund(order.id, { amount: (order.amount - half) / 100, reason: 'Reszta' });
    expect(second.statusCode).toBe(201);
    const other = await refundRow(second.json().data.id);
    expect((await notifyRefund(other.extRefundId, 'CANCELED')).statusCode).toBe(200);
    expect((await notifyRefund(other.extRefundId, 'FINALIZED')).statusCode).toBe(200);
    expect((await refundRow(other.id)).status).toBe('failed');
    expect((await orderRow(order.extOrderId)).refundedAmount).toBe(half);
    expect(await correctionsOf(order.id)).toHaveLength(1);
    expect(
      (await refund(order.id, { amount: (order.amount - half) / 100, reason: 'Reszta' })).statusCode,
    ).toBe(201);
  });

  it('withdraws only the plan days not used yet: half the money takes half of them, the rest the others, never before now', async () => {
    const { organiser, order } = await paidOrder(`/api/payu/buy_premium/${plan.id}/1`, 0);
    // As if bought 10 days ago with 20 days left.
    const db = await getDb();
    const now = Date.now();
    await db
      .update(orders)
      .set({ grantedFrom: new Date(now - 10 * dayMs), grantedUntil: new Date(now + 20 * dayMs) })
      .where(eq(orders.id, order.id));
    await db
      .update(users)
      .set({ premiumUntil: new Date(now + 20 * dayMs), eventsLeft: 0 })
      .where(eq(users.id, organiser.user.id));

    const half = order.amount / 2;
    const first = await refund(order.id, { amount: half / 100, reason: 'Połowa planu' });
    expect(first.statusCode).toBe(201);
    expect(
      (await notifyRefund((await refundRow(first.json().data.id)).extRefundId, 'FINALIZED')).statusCode,
    ).toBe(200);
    const afterHalf = (await account(organiser.user.id)).premiumUntil?.getTime() ?? 0;
    expect(Math.abs(afterHalf - (now + 10 * dayMs))).toBeLessThan(60_000);
    const taken = (await refundRow(first.json().data.id)).withdrawn?.plan_ms ?? 0;
    expect(Math.abs(taken - 10 * dayMs)).toBeLessThan(60_000);

    const rest = await refund(order.id, { amount: (order.amount - half) / 100, reason: 'Reszta planu' });
    const before = Date.now();
    expect(
      (await notifyRefund((await refundRow(rest.json().data.id)).extRefundId, 'FINALIZED')).statusCode,
    ).toBe(200);
    const end = (await account(organiser.user.id)).premiumUntil?.getTime() ?? 0;
    // The used days stay used: the plan ends now, not earlier.
    expect(end).toBeGreaterThanOrEqual(before);
    expect(end).toBeLessThanOrEqual(Date.now());
    expect((await orderRow(order.extOrderId)).refundedAmount).toBe(order.amount);
  });

  it('answers 422 with field errors for an amount over the refundable, none, or no reason, and changes nothing', async () => {
    const { order } = await paidOrder();
    const db = await getDb();
    const asked = payu.refunds.length;
    const over = await refund(order.id, { amount: (order.amount + 1) / 100, reason: 'Za dużo' });
    expect(over.statusCode).toBe(422);
    expect(over.json().errors.amount[0]).toContain(((order.amount / 100) | 0).toString());
    const zero = await refund(order.id, { amount: '0', reason: 'Nic' });
    expect(zero.statusCode).toBe(422);
    expect(Object.keys(zero.json().errors)).toEqual(['amount']);
    const noReason = await refund(order.id, { amount: '1', reason: '  ' });
    expect(noReason.statusCode).toBe(422);
    expect(Object.keys(noReason.json().errors)).toEqual(['reason']);
    const english = await api().inject({
      method: 'POST',
      url: `/api/admin/order/${order.id}/refund`,
      headers: { ...admin.auth, 'accept-language': 'en' },
      payload: { amount: 'abc' },
    });
    expect(english.statusCode).toBe(422);
    expect(english.json().errors.reason[0]).toMatch(/required/i);
    // A refund under way counts: the rest is all that is left.
    expect(
      (await refund(order.id, { amount: order.amount / 100 - 1, reason: 'Prawie całość' })).statusCode,
    ).toBe(201);
    expect((await refund(order.id, { amount: '1.01', reason: 'Za dużo' })).statusCode).toBe(422);
    const [n] = await db.select({ n: count() }).from(refunds).where(eq(refunds.orderId, order.id));
    expect(n?.n).toBe(1);
    expect(payu.refunds.length).toBe(asked + 1);

    // An order not paid cannot be refunded.
    const organiser = await createOrganiser();
    const pending = await api().inject({
      method: 'GET',
      url: `/api/payu/buy_events/${pack.id}`,
      headers: organiser.auth,
    });
    const unpaid = await orderRow(pending.json().data.ext_order_id);
    expect((await refund(unpaid.id, { amount: '1', reason: 'Nie' })).statusCode).toBe(422);
    expect((await refund(2_000_000_000, { amount: '1', reason: 'Nie' })).statusCode).toBe(404);
  });

  it('refuses anonymous callers (401), companies and attendees (403), and refunds nothing', async () => {
    const { organiser, order } = await paidOrder();
    const attendee = await createAccount('user');
    expect((await refund(order.id, { amount: '1', reason: 'x' }, {})).statusCode).toBe(401);
    expect((await refund(order.id, { amount: '1', reason: 'x' }, organiser.auth)).statusCode).toBe(403);
    expect((await refund(order.id, { amount: '1', reason: 'x' }, attendee.auth)).statusCode).toBe(403);
    const list = await api().inject({ method: 'GET', url: '/api/admin/orders', headers: organiser.auth });
    expect(list.statusCode).toBe(403);
    const db = await getDb();
    const [n] = await db.select({ n: count() }).from(refunds).where(eq(refunds.orderId, order.id));
    expect(n?.n).toBe(0);
  });

  it('answers 503 when PayU refuses the refund; the refund failed and its amount can be refunded again', async () => {
    const { order } = await paidOrder();
    payu.failNextRefund({ status: 500, body: { status: { statusCode: 'ERROR_INTERNAL' } } });
    const refused = await refund(order.id, { amount: order.amount / 100, reason: 'Awaria' });
    expect(refused.statusCode).toBe(503);
    const db = await getDb();
    const [row] = await db.select().from(refunds).where(eq(refunds.orderId, order.id));
    expect(row?.status).toBe('failed');
    expect((await refund(order.id, { amount: order.amount / 100, reason: 'Jeszcze raz' })).statusCode).toBe(
      201,
    );
  });

  it('refuses a refund notification with a bad signature (403), another amount (400) or an unknown refund (404)', async () => {
    const { organiser, order } = await paidOrder();
    const asked = await refund(order.id, { amount: order.amount / 100, reason: 'Test' });
    const row = await refundRow(asked.json().data.id);
    expect((await notifyRefund(row.extRefundId, 'FINALIZED', { secondKey: 'forged-key' })).statusCode).toBe(
      403,
    );
    expect((await notifyRefund(row.extRefundId, 'FINALIZED', { amount: '1' })).statusCode).toBe(400);
    const unknown = await notifyRefund(row.extRefundId, 'FINALIZED', {
      mutate: (body) => {
        (body.refund as Record<string, unknown>).extRefundId = '00000000-0000-4000-8000-000000000000';
      },
    });
    expect(unknown.statusCode).toBe(404);
    expect((await refundRow(row.id)).status).toBe('pending');
    expect((await account(organiser.user.id)).eventsLeft).toBe(pack.count);
  });

  it('lists orders for the admin with what was refunded and what is left', async () => {
    const { organiser, order } = await paidOrder();
    const asked = await refund(order.id, { amount: '1', reason: 'Rabat' });
    await notifyRefund((await refundRow(asked.json().data.id)).extRefundId, 'FINALIZED');
    const list = await api().inject({
      method: 'GET',
      url: `/api/admin/orders?q=${encodeURIComponent(organiser.user.email)}`,
      headers: admin.auth,
    });
    expect(list.statusCode).toBe(200);
    expect(list.json().data).toHaveLength(1);
    expect(list.json().data[0]).toMatchObject({
      id: order.id,
      status: 'paid',
      refunded_amount: 1,
      refundable: (order.amount - 100) / 100,
      buyer: { email: organiser.user.email },
      refunds: [{ amount: 1, status: 'done', reason: 'Rabat', admin: { email: admin.user.email } }],
    });
    expect(list.json().data[0].refunds[0].correction.number).toMatch(/^FK\//);
  });
});

describe('orders left pending or cancelled', () => {
  it('a CANCELED notification cancels a pending order, shown so, and ordering again places a new order at PayU', async () => {
    const organiser = await createOrganiser();
    const bought = await api().inject({
      method: 'GET',
      url: `/api/payu/buy_events/${pack.id}`,
      headers: organiser.auth,
    });
    const first = bought.json().data as { ext_order_id: string; url: string };
    // While pending and fresh, paying continues at the same PayU page: no second order.
    const placed = payu.orders.length;
    const resumed = await api().inject({
      method: 'GET',
      url: `/api/payu/pay/${first.ext_order_id}`,
      headers: organiser.auth,
    });
    expect(resumed.json().data.url).toBe(first.url);
    expect(payu.orders.length).toBe(placed);

    expect((await notifyPayment(first.ext_order_id, 'CANCELED')).statusCode).toBe(200);
    expect((await orderRow(first.ext_order_id)).status).toBe('cancelled');
    const listed = await api().inject({ method: 'GET', url: '/api/order', headers: organiser.auth });
    expect(listed.json().data[0]).toMatchObject({ ext_order_id: first.ext_order_id, status: 'cancelled' });

    const again = await api().inject({
      method: 'GET',
      url: `/api/payu/pay/${first.ext_order_id}`,
      headers: organiser.auth,
    });
    expect(again.statusCode).toBe(200);
    const next = again.json().data as { ext_order_id: string; url: string };
    expect(next.ext_order_id).not.toBe(first.ext_order_id);
    expect(payu.orders.length).toBe(placed + 1);
    expect(payu.orders.at(-1)?.body).toMatchObject({
      extOrderId: next.ext_order_id,
      totalAmount: String(pack.price),
    });
    expect(await orderRow(next.ext_order_id)).toMatchObject({
      status: 'pending',
      kind: 'events',
      paymentSettingId: pack.id,
    });
    expect((await orderRow(first.ext_order_id)).status).toBe('cancelled');
  });

  it('an order pending past the payment validity is ordered anew; a paid one is a 422', async () => {
    const organiser = await createOrganiser();
    const bought = await api().inject({
      method: 'GET',
      url: `/api/payu/buy_events/${pack.id}`,
      headers: organiser.auth,
    });
    const first = bought.json().data as { ext_order_id: string };
    const db = await getDb();
    await db
      .update(orders)
      .set({ createdAt: new Date(Date.now() - 25 * 3_600_000) })
      .where(eq(orders.extOrderId, first.ext_order_id));
    const again = await api().inject({
      method: 'GET',
      url: `/api/payu/pay/${first.ext_order_id}`,
      headers: organiser.auth,
    });
    expect(again.statusCode).toBe(200);
    expect(again.json().data.ext_order_id).not.toBe(first.ext_order_id);
    expect(payu.orders.at(-1)?.body).toMatchObject({ validityTime: '86400' });
    expect((await notifyPayment(again.json().data.ext_order_id, 'COMPLETED')).statusCode).toBe(200);
    const paid = await api().inject({
      method: 'GET',
      url: `/api/payu/pay/${again.json().data.ext_order_id}`,
      headers: organiser.auth,
    });
    expect(paid.statusCode).toBe(422);
  });
});
