import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { getDb } from '@/db/client';
import { orders, type PremiumSetting, premiumSettings, users } from '@/db/schema';
import { addMonths } from '@/lib/plan-promo';
import { createAccount, createOrganiser, portalOrigin, setupApi } from '../helpers/api';
import { setupTestDb } from '../helpers/db';

// Issue 27 through the API: the preview of GET /api/payu/buy_premium/{id}/{months}/preview is what the
// test provider's payment then grants, and a PRO → PRO+ change keeps what PRO was paid, counted in
// Warsaw days over the change of the clocks on 28 March 2027.

setupTestDb();
const api = setupApi();

// 20 March 2027 12:00 Warsaw (CET): only Date is frozen, timers run as usual.
const now = new Date('2027-03-20T11:00:00Z');
let pro: PremiumSetting;
let proPlus: PremiumSetting;

beforeAll(async () => {
  vi.useFakeTimers({ toFake: ['Date'], now });
  const db = await getDb();
  const plans = await db.select().from(premiumSettings);
  pro = plans.find((p) => p.namePl === 'PRO') as PremiumSetting;
  proPlus = plans.find((p) => p.namePl === 'PRO+') as PremiumSetting;
});

afterAll(() => {
  vi.useRealTimers();
});

/** An organiser with one paid month of PRO from 10 March 2027 12:00 Warsaw (99 zł). */
async function organiserWithPro() {
  const organiser = await createOrganiser();
  const start = new Date('2027-03-10T11:00:00Z');
  const until = addMonths(start, 1);
  const db = await getDb();
  await db
    .update(users)
    .set({ premiumSettingId: pro.id, premiumUntil: until, createdAt: new Date('2020-01-01T00:00:00Z') })
    .where(eq(users.id, organiser.user.id));
  await db.insert(orders).values({
    userId: organiser.user.id,
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
  return organiser;
}

describe('GET /api/payu/buy_premium/{id}/{months}/preview', () => {
  it('says what PRO → PRO+ does, and the test payment grants exactly that', async () => {
    const organiser = await organiserWithPro();
    const preview = await api().inject({
      method: 'GET',
      url: `/api/payu/buy_premium/${proPlus.id}/1/preview`,
      headers: { ...organiser.auth, 'accept-language': 'en' },
    });
    expect(preview.statusCode).toBe(200);
    const data = preview.json().data;
    // 21 of the 31 PRO days paid are left (20.96 × 24 h): 67.06 zł, 11 days of PRO+ at 199 zł / 31 days.
    expect(data).toEqual({
      plan: { id: proPlus.id, name: 'PRO+' },
      months: 1,
      amount: 199,
      promo_months: 0,
      items: [{ name: 'PRO+ plan – 1 month', unit_price: 199, quantity: 1 }],
      kind: 'change',
      from: now.toISOString(),
      until: '2027-05-01T11:00:00.000Z',
      credited_days: 11,
      current: { id: pro.id, name: 'PRO', until: '2027-04-10T11:00:00.000Z' },
    });

    const bought = await api().inject({
      method: 'GET',
      url: `/api/payu/buy_premium/${proPlus.id}/1`,
      headers: { ...organiser.auth, ...portalOrigin() },
    });
    expect(bought.statusCode).toBe(200);
    const extOrderId = bought.json().data.ext_order_id as string;
    const paid = await api().inject({
      method: 'POST',
      url: `/api/payu/test/${extOrderId}`,
      headers: portalOrigin(),
      payload: { outcome: 'success' },
    });
    expect(paid.statusCode).toBe(200);
    const order = await api().inject({
      method: 'GET',
      url: `/api/order/${extOrderId}`,
      headers: organiser.auth,
    });
    expect(order.json().data).toMatchObject({
      status: 'paid',
      granted_from: data.from,
      granted_until: data.until,
    });
    const db = await getDb();
    const [row] = await db.select().from(orders).where(eq(orders.extOrderId, extOrderId));
    expect(row?.creditedDays).toBe(11);
    const [company] = await db.select().from(users).where(eq(users.id, organiser.user.id));
    expect(company?.premiumSettingId).toBe(proPlus.id);
    expect(company?.premiumUntil?.toISOString()).toBe(data.until);
  });

  it('extends the same plan from its end', async () => {
    const organiser = await organiserWithPro();
    const preview = await api().inject({
      method: 'GET',
      url: `/api/payu/buy_premium/${pro.id}/3/preview`,
      headers: organiser.auth,
    });
    expect(preview.json().data).toMatchObject({
      kind: 'extend',
      from: '2027-04-10T11:00:00.000Z',
      until: '2027-07-10T11:00:00.000Z',
      credited_days: 0,
      amount: 297,
      items: [{ name: 'Plan PRO – 1 miesiąc', unit_price: 99, quantity: 3 }],
    });
  });

  it('answers 422 in the caller’s language for a duration not on sale, 403 to an attendee, 401 to a visitor', async () => {
    const organiser = await organiserWithPro();
    const bad = await api().inject({
      method: 'GET',
      url: `/api/payu/buy_premium/${proPlus.id}/5/preview`,
      headers: { ...organiser.auth, 'accept-language': 'en' },
    });
    expect(bad.statusCode).toBe(422);
    expect(JSON.stringify(bad.json())).toContain('months');
    const basic = (await getDb()).select().from(premiumSettings).where(eq(premiumSettings.isDefault, true));
    const [defaultPlan] = await basic;
    const free = await api().inject({
      method: 'GET',
      url: `/api/payu/buy_premium/${defaultPlan?.id}/1/preview`,
      headers: organiser.auth,
    });
    expect(free.statusCode).toBe(422);
    const attendee = await createAccount('user');
    const other = await api().inject({
      method: 'GET',
      url: `/api/payu/buy_premium/${proPlus.id}/1/preview`,
      headers: attendee.auth,
    });
    expect(other.statusCode).toBe(403);
    const visitor = await api().inject({
      method: 'GET',
      url: `/api/payu/buy_premium/${proPlus.id}/1/preview`,
    });
    expect(visitor.statusCode).toBe(401);
  });
});
