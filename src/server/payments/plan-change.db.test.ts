import { and, asc, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { getDb } from '@/db/client';
import { orderItems, orders, type PremiumSetting, premiumSettings } from '@/db/schema';
import { addMonths } from '@/lib/plan-promo';
import type { AuthUser } from '@/server/auth/access-tokens';
import { insertActor, userRow } from '@/test-support/fixtures';
import { buyPlan } from './buy';
import { handlePaymentNotification } from './notification';
import { loadRunningPlan } from './plan-quote';
import { getPremiumOffer, previewPlanOrder } from './premium-offer';
import { paymentProvider } from './providers/provider';
import { signatureHeader } from './signature';

// Issue 27: buying a plan keeps what was paid for the running one (Warsaw days, DST included), the
// preview is what the payment grants, and the promotional price covers promo_months months in all.

let pro: PremiumSetting;
let proPlus: PremiumSetting;

beforeAll(async () => {
  const db = await getDb();
  const plans = await db.select().from(premiumSettings);
  const byName = (name: string) => {
    const plan = plans.find((p) => p.namePl === name);
    if (!plan) throw new Error(`no plan ${name}`);
    return plan;
  };
  pro = byName('PRO');
  proPlus = byName('PRO+');
});

const at = (iso: string) => new Date(iso);
const purchase = { customerIp: '127.0.0.1', locale: 'pl' as const, siteOrigin: 'http://localhost:3000' };

/** A company that has had PRO since 10 March 2027 12:00 Warsaw for one paid month (99 zł). */
async function companyWithPro(): Promise<AuthUser> {
  const start = at('2027-03-10T11:00:00Z');
  const until = addMonths(start, 1);
  // Registered long ago, so no promotion changes the prices these tests compute.
  const company = await insertActor('company', {
    premiumSettingId: pro.id,
    premiumUntil: until,
    createdAt: at('2020-01-01T00:00:00Z'),
  });
  const db = await getDb();
  await db.insert(orders).values({
    userId: company.id,
    kind: 'premium',
    status: 'paid',
    amount: 9900,
    currency: 'PLN',
    premiumSettingId: pro.id,
    months: 1,
    provider: 'test',
    locale: 'pl',
    paidAt: start,
    grantedFrom: start,
    grantedUntil: until,
  });
  return company;
}

/** Pays an order at `now` through the same notification the test provider and PayU send. */
async function pay(extOrderId: string, now: Date) {
  const db = await getDb();
  const [order] = await db.select().from(orders).where(eq(orders.extOrderId, extOrderId));
  if (!order) throw new Error('no order');
  const body = JSON.stringify({
    order: {
      orderId: order.providerOrderId,
      extOrderId,
      totalAmount: String(order.amount),
      currencyCode: order.currency,
      status: 'COMPLETED',
    },
  });
  const outcome = await handlePaymentNotification({
    rawBody: Buffer.from(body),
    signature: signatureHeader(body, paymentProvider().secondKey),
    now,
  });
  expect(outcome).toBe('granted');
  const [paid] = await db.select().from(orders).where(eq(orders.id, order.id));
  if (!paid) throw new Error('no order');
  return paid;
}

describe('PRO changed to PRO+', () => {
  it('credits the unused, paid PRO days as PRO+ days, counted in Warsaw days across the change of the clocks', async () => {
    const company = await companyWithPro();
    // 20 March 12:00 CET; PRO runs to 10 April 13:00 CEST: 21 Warsaw days of the 31 paid, 20.96 × 24 h.
    const now = at('2027-03-20T11:00:00Z');
    const preview = await previewPlanOrder({
      actor: company,
      planId: proPlus.id,
      months: 1,
      locale: 'en',
      now,
    });
    expect(preview).toMatchObject({
      kind: 'change',
      amount: 199,
      credited_days: 11,
      current: { id: pro.id, name: 'PRO', until: '2027-04-10T11:00:00.000Z' },
      plan: { id: proPlus.id, name: 'PRO+' },
    });
    // 21 × 99 zł / 31 = 67.06 zł of PRO is worth 10.45 days of PRO+ at 199 zł / 31 days: 11 days.
    expect(preview.until).toBe('2027-05-01T11:00:00.000Z');

    const started = await buyPlan({ actor: company, planId: proPlus.id, months: 1, ...purchase });
    const order = await pay(started.ext_order_id, now);
    expect(order.creditedDays).toBe(11);
    expect(order.grantedFrom?.toISOString()).toBe(now.toISOString());
    expect(order.grantedUntil?.toISOString()).toBe(preview.until);
    const row = await userRow(company.id);
    expect(row.premiumSettingId).toBe(proPlus.id);
    expect(row.premiumUntil?.toISOString()).toBe(preview.until);
  });

  it('does not credit the old PRO order again when the company goes back to PRO', async () => {
    const company = await companyWithPro();
    const toPlus = await buyPlan({ actor: company, planId: proPlus.id, months: 1, ...purchase });
    await pay(toPlus.ext_order_id, at('2027-03-20T11:00:00Z'));
    const back = await buyPlan({ actor: company, planId: pro.id, months: 1, ...purchase });
    const backNow = at('2027-04-01T10:00:00Z');
    const preview = await previewPlanOrder({
      actor: company,
      planId: pro.id,
      months: 1,
      locale: 'pl',
      now: backNow,
    });
    const order = await pay(back.ext_order_id, backNow);
    // 30 Warsaw days of PRO+ left, worth 30 × 199 zł / 31 = 192.58 zł: 58.4 days of PRO at 99 zł / 30 days.
    expect(order.creditedDays).toBe(59);
    expect(preview.credited_days).toBe(59);
    expect(order.grantedUntil?.toISOString()).toBe(preview.until);
    // Only the order that started this run of PRO pays for it, not the one whose value went into PRO+.
    const running = await loadRunningPlan(await getDb(), company.id);
    expect(running?.spans).toEqual([{ from: backNow, until: order.grantedUntil, months: 1, amount: 9900 }]);
  });

  it('extends the same plan from its end, with no credit', async () => {
    const company = await companyWithPro();
    const now = at('2027-03-20T11:00:00Z');
    const preview = await previewPlanOrder({ actor: company, planId: pro.id, months: 2, locale: 'pl', now });
    expect(preview).toMatchObject({ kind: 'extend', credited_days: 0, from: '2027-04-10T11:00:00.000Z' });
    const started = await buyPlan({ actor: company, planId: pro.id, months: 2, ...purchase });
    const order = await pay(started.ext_order_id, now);
    expect(order.creditedDays).toBe(0);
    expect(order.grantedFrom?.toISOString()).toBe('2027-04-10T11:00:00.000Z');
    expect(order.grantedUntil?.toISOString()).toBe('2027-06-10T11:00:00.000Z');
    expect(preview.until).toBe('2027-06-10T11:00:00.000Z');
    expect((await userRow(company.id)).premiumUntil?.toISOString()).toBe('2027-06-10T11:00:00.000Z');
  });

  it('shows the same change on /premium for each duration', async () => {
    const company = await companyWithPro();
    const now = at('2027-03-20T11:00:00Z');
    const offer = await getPremiumOffer({ actor: company, locale: 'pl', now });
    const plus = offer.plans.find((p) => p.id === proPlus.id);
    const oneMonth = plus?.prices.find((p) => p.months === 1);
    expect(oneMonth?.change).toEqual({
      kind: 'change',
      from: now.toISOString(),
      until: '2027-05-01T11:00:00.000Z',
      credited_days: 11,
    });
    const proSix = offer.plans.find((p) => p.id === pro.id)?.prices.find((p) => p.months === 6);
    expect(proSix?.change?.kind).toBe('extend');
    // A visitor is not shown a change.
    const anonymous = await getPremiumOffer({ actor: null, locale: 'pl', now });
    expect(anonymous.plans.every((p) => p.prices.every((price) => price.change === null))).toBe(true);
  });
});

describe('the promotional price', () => {
  it('covers promo_months months of the plan per company in total, over several orders', async () => {
    // PRO: 20 % off for the first 3 months (the demo plans).
    expect(pro).toMatchObject({ promo: 20, promoMonths: 3, isPromoActive: true });
    const company = await insertActor('company');
    const db = await getDb();
    const amounts: number[] = [];
    for (let i = 0; i < 4; i++) {
      const started = await buyPlan({ actor: company, planId: pro.id, months: 2, ...purchase });
      const [order] = await db.select().from(orders).where(eq(orders.extOrderId, started.ext_order_id));
      amounts.push(order?.amount ?? 0);
      if (i === 0) await pay(started.ext_order_id, new Date());
    }
    // Two months at 79.20 zł, then one at 79.20 zł and one at 99 zł, then the full price only.
    expect(amounts).toEqual([15840, 7920 + 9900, 19800, 19800]);
    const placed = await db
      .select({ id: orders.id, promoMonths: orders.promoMonths })
      .from(orders)
      .where(eq(orders.userId, company.id))
      .orderBy(asc(orders.id));
    expect(placed.map((o) => o.promoMonths)).toEqual([2, 1, 0, 0]);
    const second = placed[1];
    const lines = await db
      .select({ unitPrice: orderItems.unitPrice, quantity: orderItems.quantity, name: orderItems.name })
      .from(orderItems)
      .where(eq(orderItems.orderId, second?.id ?? 0))
      .orderBy(asc(orderItems.id));
    expect(lines).toEqual([
      { unitPrice: 7920, quantity: 1, name: 'Plan PRO – 1 miesiąc w cenie promocyjnej' },
      { unitPrice: 9900, quantity: 1, name: 'Plan PRO – 1 miesiąc' },
    ]);
    // /premium prices it the same way now: no promotional month is left, so no badge either.
    const offer = await getPremiumOffer({ actor: company, locale: 'pl' });
    const offered = offer.plans.find((p) => p.id === pro.id);
    expect(offered?.promo_applies).toBe(false);
    expect(offered?.prices.find((p) => p.months === 6)).toMatchObject({ amount: 59400, promo_months: 0 });
  });

  it('gives back the months of an order cancelled or left unpaid past its payment, and shows those left on /premium', async () => {
    const company = await insertActor('company');
    const db = await getDb();
    const first = await buyPlan({ actor: company, planId: pro.id, months: 2, ...purchase });
    await db
      .update(orders)
      .set({ status: 'cancelled' })
      .where(and(eq(orders.extOrderId, first.ext_order_id), eq(orders.userId, company.id)));
    // Placed two days ago and never paid: its payment page no longer takes money.
    const abandoned = await buyPlan({ actor: company, planId: pro.id, months: 3, ...purchase });
    await db
      .update(orders)
      .set({ createdAt: new Date(Date.now() - 2 * 86_400_000) })
      .where(eq(orders.extOrderId, abandoned.ext_order_id));
    await buyPlan({ actor: company, planId: pro.id, months: 1, ...purchase });
    const offer = await getPremiumOffer({ actor: company, locale: 'pl' });
    const offered = offer.plans.find((p) => p.id === pro.id);
    expect(offered?.promo_applies).toBe(true);
    // Two of the three promotional months are left: a 6-month order gets them and four at 99 zł.
    expect(offered?.prices.find((p) => p.months === 6)).toMatchObject({
      full: 59400,
      amount: 2 * 7920 + 4 * 9900,
      promo_months: 2,
    });
    const preview = await previewPlanOrder({ actor: company, planId: pro.id, months: 6, locale: 'en' });
    expect(preview.amount).toBe((2 * 7920 + 4 * 9900) / 100);
    expect(preview.items).toEqual([
      { name: 'PRO plan – 1 month at the promotional price', unit_price: 79.2, quantity: 2 },
      { name: 'PRO plan – 1 month', unit_price: 99, quantity: 4 },
    ]);
  });
});
