import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getDb } from '@/db/client';
import {
  eventPromotions,
  events,
  mailOutbox,
  orders,
  paymentSettings,
  places,
  premiumSettings,
  pricePacks,
  users,
} from '@/db/schema';
import { addMonths } from '@/lib/plan-promo';
import { listActiveHomeAds } from '@/server/payments/home-ads';
import { insertEvent } from '@/test-support/fixtures';
import { createAccount, createOrganiser, portalOrigin, setupApi } from '../helpers/api';
import { setupTestDb } from '../helpers/db';
import { type FakePayuNotifyOptions, type FakePayuStatus, startFakePayu } from '../helpers/payu-server';

// Issue 13: the whole PayU flow (REST API v2.1) against a local server that speaks PayU's documented API:
// OAuth token, order create, and notifications signed with MD5 and SHA-256. The portal reads its PayU
// settings once per process, so they are in the environment before anything loads them.
const payu = await startFakePayu();
Object.assign(process.env, payu.env, { PUBLIC_URL: 'https://portal.example' });

setupTestDb();
const api = setupApi();

afterAll(() => payu.close());

let pack: typeof paymentSettings.$inferSelect;
let promo: typeof pricePacks.$inferSelect;
let plan: typeof premiumSettings.$inferSelect;

beforeAll(async () => {
  const db = await getDb();
  [pack] = (await db.select().from(paymentSettings).orderBy(paymentSettings.count)) as [typeof pack];
  [promo] = (await db.select().from(pricePacks).orderBy(pricePacks.days)) as [typeof promo];
  // A paid plan without a running promotion, so its price is the list price.
  const plans = await db.select().from(premiumSettings).orderBy(premiumSettings.level);
  plan = plans.find((p) => p.price > 0 && !p.isPromoActive) as typeof plan;
});

async function buy(path: string, auth: Record<string, string>) {
  return api().inject({ method: 'GET', url: path, headers: auth });
}

/** Delivers PayU's notification about an order through the API as PayU would POST it. */
async function notify(extOrderId: string, status: FakePayuStatus, options?: FakePayuNotifyOptions) {
  const built = payu.buildNotification(extOrderId, status, options);
  const response = await api().inject({
    method: 'POST',
    url: '/api/payu/notify',
    headers: built.headers,
    payload: built.body,
  });
  return response;
}

async function orderRow(extOrderId: string) {
  const db = await getDb();
  const [row] = await db.select().from(orders).where(eq(orders.extOrderId, extOrderId));
  if (!row) throw new Error('no order');
  return row;
}

async function eventsLeft(userId: number) {
  const db = await getDb();
  const [row] = await db.select({ left: users.eventsLeft }).from(users).where(eq(users.id, userId));
  return row?.left;
}

async function buyPack() {
  const organiser = await createOrganiser({ eventsLeft: 0 });
  const response = await buy(`/api/payu/buy_events/${pack.id}`, organiser.auth);
  expect(response.statusCode).toBe(200);
  return {
    organiser,
    start: response.json().data as { url: string; ext_order_id: string; order_id: number },
  };
}

describe('ordering through PayU', () => {
  it('creates the order at PayU with OAuth, amounts in grosze, the buyer and extOrderId, and answers its page', async () => {
    const tokensBefore = payu.tokensIssued;
    const { organiser, start } = await buyPack();
    const sent = payu.orders.at(-1);
    expect(sent).toBeDefined();
    expect(start.url).toBe(`${payu.baseUrl}/pay/${sent?.orderId}?lang=pl`);
    expect(sent?.body).toMatchObject({
      notifyUrl: 'https://portal.example/api/payu/notify',
      continueUrl: `https://portal.example/cart/finish?order=${start.ext_order_id}`,
      merchantPosId: payu.posId,
      currencyCode: 'PLN',
      totalAmount: String(pack.price),
      extOrderId: start.ext_order_id,
      buyer: { email: organiser.user.email, language: 'pl' },
      products: [{ unitPrice: String(pack.price), quantity: '1' }],
    });
    expect(typeof sent?.body.customerIp).toBe('string');
    const row = await orderRow(start.ext_order_id);
    expect(row).toMatchObject({
      status: 'pending',
      amount: pack.price,
      providerOrderId: sent?.orderId,
      kind: 'events',
    });
    // The token is reused for the next order.
    await buyPack();
    expect(payu.tokensIssued - tokensBefore).toBe(1);
  });

  it('grants an event pack once on COMPLETED (MD5), answers 200 after the commit, and mails a receipt', async () => {
    const { organiser, start } = await buyPack();
    const db = await getDb();
    const [mailsBefore] = await db.select({ n: count() }).from(mailOutbox);
    const first = await notify(start.ext_order_id, 'COMPLETED');
    expect(first.statusCode).toBe(200);
    expect(await eventsLeft(organiser.user.id)).toBe(pack.count);
    const row = await orderRow(start.ext_order_id);
    expect(row.status).toBe('paid');
    expect(row.paidAt).not.toBeNull();
    expect(row.eventsAdded).toBe(pack.count);
    // A repeated COMPLETED is acknowledged and grants nothing more.
    expect((await notify(start.ext_order_id, 'COMPLETED')).statusCode).toBe(200);
    expect(await eventsLeft(organiser.user.id)).toBe(pack.count);
    const [mailsAfter] = await db.select({ n: count() }).from(mailOutbox);
    expect((mailsAfter?.n ?? 0) - (mailsBefore?.n ?? 0)).toBe(1);
    // The creations are usable at once.
    const left = await api().inject({
      method: 'GET',
      url: '/api/company/get_events_left',
      headers: organiser.auth,
    });
    expect(left.json().data.events_left).toBe(pack.count);
  });

  it('accepts SHA-256 signatures', async () => {
    const { organiser, start } = await buyPack();
    expect((await notify(start.ext_order_id, 'COMPLETED', { algorithm: 'SHA-256' })).statusCode).toBe(200);
    expect(await eventsLeft(organiser.user.id)).toBe(pack.count);
  });

  it('grants once when the same COMPLETED arrives many times at once', async () => {
    const { organiser, start } = await buyPack();
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => notify(start.ext_order_id, 'COMPLETED')),
    );
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 200, 200, 200]);
    expect(await eventsLeft(organiser.user.id)).toBe(pack.count);
  });

  it('refuses a bad or missing signature and grants nothing', async () => {
    const { organiser, start } = await buyPack();
    const forged = await notify(start.ext_order_id, 'COMPLETED', { secondKey: 'not-the-second-key' });
    expect(forged.statusCode).toBe(403);
    const garbage = await notify(start.ext_order_id, 'COMPLETED', {
      signature: 'sender=checkout;signature=abc;algorithm=MD5',
    });
    expect(garbage.statusCode).toBe(403);
    const unknownAlgorithm = await notify(start.ext_order_id, 'COMPLETED', {
      signature: 'sender=checkout;signature=00;algorithm=CRC32;content=DOCUMENT',
    });
    expect(unknownAlgorithm.statusCode).toBe(403);
    const built = payu.buildNotification(start.ext_order_id, 'COMPLETED');
    const unsigned = await api().inject({
      method: 'POST',
      url: '/api/payu/notify',
      headers: { 'content-type': 'application/json' },
      payload: built.body,
    });
    expect(unsigned.statusCode).toBe(403);
    // A body changed after signing fails too.
    const tampered = await api().inject({
      method: 'POST',
      url: '/api/payu/notify',
      headers: built.headers,
      payload: built.body.replace('"COMPLETED"', '"COMPLETED" '),
    });
    expect(tampered.statusCode).toBe(403);
    expect(await eventsLeft(organiser.user.id)).toBe(0);
    expect((await orderRow(start.ext_order_id)).status).toBe('pending');
  });

  it('keeps a paid order paid when PENDING or CANCELED arrive late', async () => {
    const { organiser, start } = await buyPack();
    expect((await notify(start.ext_order_id, 'PENDING')).statusCode).toBe(200);
    expect((await orderRow(start.ext_order_id)).status).toBe('pending');
    expect((await notify(start.ext_order_id, 'COMPLETED')).statusCode).toBe(200);
    expect((await notify(start.ext_order_id, 'PENDING')).statusCode).toBe(200);
    expect((await notify(start.ext_order_id, 'CANCELED')).statusCode).toBe(200);
    expect((await orderRow(start.ext_order_id)).status).toBe('paid');
    expect(await eventsLeft(organiser.user.id)).toBe(pack.count);
  });

  it('grants nothing for a CANCELED order, not even when COMPLETED follows', async () => {
    const { organiser, start } = await buyPack();
    expect((await notify(start.ext_order_id, 'CANCELED')).statusCode).toBe(200);
    expect((await orderRow(start.ext_order_id)).status).toBe('cancelled');
    expect((await notify(start.ext_order_id, 'COMPLETED')).statusCode).toBe(200);
    expect((await orderRow(start.ext_order_id)).status).toBe('cancelled');
    expect(await eventsLeft(organiser.user.id)).toBe(0);
  });

  it('refuses a notification whose amount or currency differs from the order', async () => {
    const { organiser, start } = await buyPack();
    const cheaper = await notify(start.ext_order_id, 'COMPLETED', { amount: '1' });
    expect(cheaper.statusCode).toBe(400);
    const euros = await notify(start.ext_order_id, 'COMPLETED', { currency: 'EUR' });
    expect(euros.statusCode).toBe(400);
    const otherOrder = await notify(start.ext_order_id, 'COMPLETED', {
      mutate: (body) => {
        (body.order as Record<string, unknown>).orderId = 'SOMEONEELSE000';
      },
    });
    expect(otherOrder.statusCode).toBe(400);
    expect(await eventsLeft(organiser.user.id)).toBe(0);
    expect((await orderRow(start.ext_order_id)).status).toBe('pending');
  });

  it('answers 404 for a notification about an order it does not know', async () => {
    const { start } = await buyPack();
    const stranger = await notify(start.ext_order_id, 'COMPLETED', {
      mutate: (body) => {
        (body.order as Record<string, unknown>).extOrderId = '00000000-0000-4000-8000-000000000000';
      },
    });
    expect(stranger.statusCode).toBe(404);
  });

  it('leaves the order failed and answers 503 when PayU refuses it; nothing is granted', async () => {
    const organiser = await createOrganiser({ eventsLeft: 0 });
    payu.failNextCreate({ status: 500, body: { status: { statusCode: 'ERROR_INTERNAL' } } });
    const response = await buy(`/api/payu/buy_events/${pack.id}`, organiser.auth);
    expect(response.statusCode).toBe(503);
    expect(response.json().message).toMatch(/płatności/);
    const db = await getDb();
    const [row] = await db.select().from(orders).where(eq(orders.userId, organiser.user.id));
    expect(row?.status).toBe('failed');
  });
});

describe('what a payment grants', () => {
  it('a plan for 3 months: the plan, its end, its events per month, and the plan governs at once', async () => {
    const organiser = await createOrganiser({ eventsLeft: 2 });
    const response = await buy(`/api/payu/buy_premium/${plan.id}/3`, organiser.auth);
    expect(response.statusCode).toBe(200);
    const { ext_order_id } = response.json().data;
    expect(payu.orders.at(-1)?.body).toMatchObject({
      totalAmount: String(plan.price * 3),
      products: [{ unitPrice: String(plan.price), quantity: '3' }],
    });
    const before = new Date();
    expect((await notify(ext_order_id, 'COMPLETED')).statusCode).toBe(200);
    const db = await getDb();
    const [company] = await db.select().from(users).where(eq(users.id, organiser.user.id));
    expect(company?.premiumSettingId).toBe(plan.id);
    expect(company?.eventsLeft).toBe(2 + plan.availableEvents * 3);
    const until = company?.premiumUntil?.getTime() ?? 0;
    expect(until).toBeGreaterThanOrEqual(addMonths(before, 3).getTime() - 1000);
    expect(until).toBeLessThanOrEqual(addMonths(new Date(), 3).getTime() + 1000);
    const me = await api().inject({ method: 'GET', url: '/api/user', headers: organiser.auth });
    expect(me.json().data.premium_setting.id).toBe(plan.id);
    // Another month of the same plan is added after the end, not from today.
    const again = await buy(`/api/payu/buy_premium/${plan.id}/1`, organiser.auth);
    expect((await notify(again.json().data.ext_order_id, 'COMPLETED')).statusCode).toBe(200);
    const [extended] = await db.select().from(users).where(eq(users.id, organiser.user.id));
    expect(extended?.premiumUntil?.getTime()).toBe(addMonths(new Date(until), 1).getTime());
  });

  it('a promotion pack promotes the chosen event for its days, in the promoted lists', async () => {
    const organiser = await createOrganiser();
    const event = await insertEvent(organiser.user.id, organiser.placeId);
    const response = await buy(`/api/payu/buy_price_pack/${promo.id}/${event.id}`, organiser.auth);
    expect(response.statusCode).toBe(200);
    expect((await notify(response.json().data.ext_order_id, 'COMPLETED')).statusCode).toBe(200);
    const db = await getDb();
    const [promotion] = await db.select().from(eventPromotions).where(eq(eventPromotions.eventId, event.id));
    expect((promotion?.endsAt.getTime() ?? 0) - (promotion?.startsAt.getTime() ?? 0)).toBe(
      promo.days * 86_400_000,
    );
    const promoted = await api().inject({ method: 'GET', url: '/api/event?only_promoted=1&per_page=100' });
    const found = promoted.json().data.find((e: { id: number }) => e.id === event.id);
    expect(found?.promoted).toBe(true);
  });

  it('a home-page ad shows the company place under its chosen name for 7 days, then not', async () => {
    const organiser = await createOrganiser();
    const name = 'Koncerty nad Motławą';
    const response = await buy(`/api/payu/buy_promo/${encodeURIComponent(name)}`, organiser.auth);
    expect(response.statusCode).toBe(200);
    expect(payu.orders.at(-1)?.body).toMatchObject({ totalAmount: '25000' });
    expect((await notify(response.json().data.ext_order_id, 'COMPLETED')).statusCode).toBe(200);
    const now = new Date();
    const shown = (await listActiveHomeAds({ now })).find((ad) => ad.name === name);
    expect(shown?.place.id).toBe(organiser.placeId);
    const sixDays = new Date(now.getTime() + 6.9 * 86_400_000);
    expect((await listActiveHomeAds({ now: sixDays })).some((ad) => ad.name === name)).toBe(true);
    const eightDays = new Date(now.getTime() + 7.1 * 86_400_000);
    expect((await listActiveHomeAds({ now: eightDays })).some((ad) => ad.name === name)).toBe(false);
  });

  it('lists the company orders with status, amount and what each granted', async () => {
    const { organiser, start } = await buyPack();
    await notify(start.ext_order_id, 'COMPLETED');
    const list = await api().inject({ method: 'GET', url: '/api/order', headers: organiser.auth });
    expect(list.statusCode).toBe(200);
    expect(list.json().data[0]).toMatchObject({
      ext_order_id: start.ext_order_id,
      kind: 'events',
      status: 'paid',
      amount: pack.price / 100,
      events_count: pack.count,
      events_added: pack.count,
    });
    const other = await createOrganiser();
    const foreign = await api().inject({
      method: 'GET',
      url: `/api/order/${start.ext_order_id}`,
      headers: other.auth,
    });
    expect(foreign.statusCode).toBe(404);
  });
});

describe('who may buy what', () => {
  it('asks for a duration of 1, 2, 3 or 6 months', async () => {
    const organiser = await createOrganiser();
    for (const months of ['4', '0', '12', 'x']) {
      const response = await buy(`/api/payu/buy_premium/${plan.id}/${months}`, {
        ...organiser.auth,
        'accept-language': 'pl',
      });
      expect(response.statusCode).toBe(422);
      expect(response.json().errors.months).toBeDefined();
    }
  });

  it('refuses anonymous buyers (401), attendees (403), unknown items (404) and the free plan (422)', async () => {
    expect((await buy(`/api/payu/buy_events/${pack.id}`, {})).statusCode).toBe(401);
    const attendee = await createAccount('user');
    expect((await buy(`/api/payu/buy_events/${pack.id}`, attendee.auth)).statusCode).toBe(403);
    const organiser = await createOrganiser();
    expect((await buy('/api/payu/buy_events/999999', organiser.auth)).statusCode).toBe(404);
    expect((await buy('/api/payu/buy_premium/999999/1', organiser.auth)).statusCode).toBe(404);
    const db = await getDb();
    const [free] = await db.select().from(premiumSettings).where(eq(premiumSettings.isDefault, true));
    expect((await buy(`/api/payu/buy_premium/${free?.id}/1`, organiser.auth)).statusCode).toBe(422);
    expect((await buy('/api/payu/buy_promo/%20%20', organiser.auth)).statusCode).toBe(422);
    expect((await buy(`/api/payu/buy_promo/${'x'.repeat(61)}`, organiser.auth)).statusCode).toBe(422);
  });

  it('promotes only the company own events that have not ended', async () => {
    const owner = await createOrganiser();
    const event = await insertEvent(owner.user.id, owner.placeId);
    const stranger = await createOrganiser();
    expect((await buy(`/api/payu/buy_price_pack/${promo.id}/${event.id}`, stranger.auth)).statusCode).toBe(
      403,
    );
    const db = await getDb();
    await db
      .update(events)
      .set({ startDate: new Date(Date.now() - 3 * 86_400_000), endDate: new Date(Date.now() - 86_400_000) })
      .where(eq(events.id, event.id));
    const ended = await buy(`/api/payu/buy_price_pack/${promo.id}/${event.id}`, owner.auth);
    expect(ended.statusCode).toBe(422);
    expect(ended.json().errors.event_id).toBeDefined();
  });

  it('refuses a purchase by the session cookie from another site', async () => {
    const organiser = await createOrganiser();
    const response = await api().inject({
      method: 'GET',
      url: `/api/payu/buy_events/${pack.id}`,
      cookies: { token: organiser.token },
      headers: { 'sec-fetch-site': 'cross-site' },
    });
    expect(response.statusCode).toBe(403);
    const own = await api().inject({
      method: 'GET',
      url: `/api/payu/buy_events/${pack.id}`,
      cookies: { token: organiser.token },
      headers: portalOrigin(),
    });
    expect(own.statusCode).toBe(200);
  });
});

describe('what cannot be bought', () => {
  async function orderCount(userId: number) {
    const db = await getDb();
    return (await db.select().from(orders).where(eq(orders.userId, userId))).length;
  }

  it('refuses an ad for another company place, a bad number of weeks and a free item, and writes no order', async () => {
    const organiser = await createOrganiser();
    const other = await createOrganiser();
    const foreign = await buy(`/api/payu/buy_promo/Reklama?place_id=${other.placeId}`, organiser.auth);
    expect(foreign.statusCode).toBe(403);
    for (const weeks of ['0', '9', 'x']) {
      const bad = await buy(`/api/payu/buy_promo/Reklama?weeks=${weeks}`, organiser.auth);
      expect(bad.statusCode).toBe(422);
      expect(bad.json().errors.weeks).toBeDefined();
    }
    const huge = await buy('/api/payu/buy_premium/9999999999/1', organiser.auth);
    expect(huge.statusCode).toBe(422);
    const db = await getDb();
    const [free] = await db
      .insert(paymentSettings)
      .values({ descriptionPl: 'Gratis', descriptionEn: 'Free', price: 0, count: 1 })
      .returning();
    const gratis = await buy(`/api/payu/buy_events/${free?.id}`, organiser.auth);
    expect(gratis.statusCode).toBe(422);
    expect(gratis.json().errors.id).toBeDefined();
    expect(await orderCount(organiser.user.id)).toBe(0);
  });

  it('neither sells nor shows an ad for a place a moderator hid', async () => {
    const organiser = await createOrganiser();
    const name = `Ukryte miejsce ${Date.now()}`;
    const response = await buy(`/api/payu/buy_promo/${encodeURIComponent(name)}`, organiser.auth);
    expect((await notify(response.json().data.ext_order_id, 'COMPLETED')).statusCode).toBe(200);
    expect((await listActiveHomeAds()).some((ad) => ad.name === name)).toBe(true);
    const db = await getDb();
    await db.update(places).set({ hiddenAt: new Date() }).where(eq(places.id, organiser.placeId));
    expect((await listActiveHomeAds()).some((ad) => ad.name === name)).toBe(false);
    const again = await buy('/api/payu/buy_promo/Znowu', organiser.auth);
    expect(again.statusCode).toBe(422);
  });
});

describe('the way back from PayU', () => {
  it('sends an English buyer back to the English order page', async () => {
    const organiser = await createOrganiser({ eventsLeft: 0 });
    const response = await buy(`/api/payu/buy_events/${pack.id}`, {
      ...organiser.auth,
      'accept-language': 'en',
    });
    expect(response.statusCode).toBe(200);
    const { ext_order_id } = response.json().data as { ext_order_id: string };
    expect(payu.orders.at(-1)?.body).toMatchObject({
      continueUrl: `https://portal.example/en/cart/finish?order=${ext_order_id}`,
      notifyUrl: 'https://portal.example/api/payu/notify',
      buyer: { language: 'en' },
    });
  });
});
