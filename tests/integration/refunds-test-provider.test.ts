import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { getDb } from '@/db/client';
import {
  eventPromotions,
  homeAds,
  invoices,
  orders,
  paymentSettings,
  pricePacks,
  refunds,
  users,
} from '@/db/schema';
import { insertEvent } from '@/test-support/fixtures';
import { createAccount, createOrganiser, portalOrigin, setupApi } from '../helpers/api';
import { setupTestDb } from '../helpers/db';

// Issue 27 point 5 with the local test provider (no PayU configured): a refund is finalised at once by
// the provider's own signed refund notification, through the same handler as PayU's.

setupTestDb();
const api = setupApi();

const dayMs = 86_400_000;
let pack: typeof paymentSettings.$inferSelect;
let promo: typeof pricePacks.$inferSelect;
let admin: Awaited<ReturnType<typeof createAccount>>;

beforeAll(async () => {
  const db = await getDb();
  [pack] = (await db.select().from(paymentSettings).orderBy(paymentSettings.count)) as [typeof pack];
  [promo] = (await db.select().from(pricePacks).orderBy(pricePacks.days)) as [typeof promo];
  admin = await createAccount('admin');
});

/** Buys what `path` names as `auth` and pays it on the test page. */
async function buyAndPay(path: string, auth: Record<string, string>) {
  const bought = await api().inject({ method: 'GET', url: path, headers: auth });
  expect(bought.statusCode).toBe(200);
  const { ext_order_id } = bought.json().data as { ext_order_id: string };
  const paid = await api().inject({
    method: 'POST',
    url: `/api/payu/test/${ext_order_id}`,
    headers: portalOrigin(),
    payload: { outcome: 'success' },
  });
  expect(paid.statusCode).toBe(200);
  const db = await getDb();
  const [order] = await db.select().from(orders).where(eq(orders.extOrderId, ext_order_id));
  if (order?.status !== 'paid') throw new Error('not paid');
  return order;
}

function refund(orderId: number, payload: Record<string, unknown>) {
  return api().inject({
    method: 'POST',
    url: `/api/admin/order/${orderId}/refund`,
    headers: admin.auth,
    payload,
  });
}

describe('refunds through the test provider', () => {
  it('a full refund is done at once: the unused creations go, the order counts it, a correcting invoice is issued', async () => {
    const organiser = await createOrganiser({ eventsLeft: 0 });
    const order = await buyAndPay(`/api/payu/buy_events/${pack.id}`, organiser.auth);
    const answer = await refund(order.id, { amount: (order.amount / 100).toFixed(2), reason: 'Pomyłka' });
    expect(answer.statusCode).toBe(201);
    expect(answer.json().data).toMatchObject({
      status: 'done',
      withdrawn: { events: pack.count, plan_days: 0 },
    });
    expect(answer.json().data.correction.number).toMatch(/^FK\/\d{4}\/\d{2}\/\d{4}$/);
    const db = await getDb();
    const [row] = await db.select().from(orders).where(eq(orders.id, order.id));
    expect(row?.refundedAmount).toBe(order.amount);
    const [company] = await db.select().from(users).where(eq(users.id, organiser.user.id));
    expect(company?.eventsLeft).toBe(0);
    const [correction] = await db
      .select()
      .from(invoices)
      .where(and(eq(invoices.orderId, order.id), eq(invoices.kind, 'correction')));
    expect(correction?.gross).toBe(-order.amount);
    const [stored] = await db.select().from(refunds).where(eq(refunds.orderId, order.id));
    expect(stored?.providerRefundId).toBe(`TEST-${stored?.extRefundId}`);
  });

  it('partial refunds of a promotion shorten only the days not yet run, in proportion', async () => {
    const organiser = await createOrganiser();
    const event = await insertEvent(organiser.user.id, organiser.placeId);
    const order = await buyAndPay(`/api/payu/buy_price_pack/${promo.id}/${event.id}`, organiser.auth);
    const db = await getDb();
    // As if it had run for one day already.
    const now = Date.now();
    const start = new Date(now - dayMs);
    const end = new Date(start.getTime() + promo.days * dayMs);
    await db
      .update(eventPromotions)
      .set({ startsAt: start, endsAt: end })
      .where(eq(eventPromotions.orderId, order.id));

    const quarter = Math.floor(order.amount / 4);
    const first = await refund(order.id, { amount: quarter / 100, reason: 'Część' });
    expect(first.statusCode).toBe(201);
    const [shortened] = await db.select().from(eventPromotions).where(eq(eventPromotions.orderId, order.id));
    const notRun = end.getTime() - now;
    const expected = end.getTime() - (quarter / order.amount) * notRun;
    expect(Math.abs((shortened?.endsAt.getTime() ?? 0) - expected)).toBeLessThan(60_000);
    expect(shortened?.startsAt.getTime()).toBe(start.getTime());

    const rest = await refund(order.id, { amount: (order.amount - quarter) / 100, reason: 'Reszta' });
    expect(rest.statusCode).toBe(201);
    const [ended] = await db.select().from(eventPromotions).where(eq(eventPromotions.orderId, order.id));
    // The day already run stays; nothing is left ahead.
    expect(Math.abs((ended?.endsAt.getTime() ?? 0) - Date.now())).toBeLessThan(60_000);
    expect(rest.json().data.withdrawn.promotion_days).toBeGreaterThan(0);
  });

  it('a refund of a home-page ad ends it at once when whole', async () => {
    const organiser = await createOrganiser();
    const order = await buyAndPay(
      `/api/payu/buy_promo/${encodeURIComponent('Reklama do zwrotu')}`,
      organiser.auth,
    );
    const answer = await refund(order.id, { amount: order.amount / 100, reason: 'Rezygnacja' });
    expect(answer.statusCode).toBe(201);
    expect(answer.json().data.withdrawn.home_ad_days).toBeGreaterThan(6.9);
    const db = await getDb();
    const [ad] = await db.select().from(homeAds).where(eq(homeAds.orderId, order.id));
    expect(Math.abs((ad?.endsAt.getTime() ?? 0) - Date.now())).toBeLessThan(60_000);
  });
});
