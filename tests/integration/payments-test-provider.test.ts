import { createHash, createHmac } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { getConfig } from '@/config';
import { getDb } from '@/db/client';
import { orders, paymentSettings, users } from '@/db/schema';
import { createOrganiser, portalOrigin, setupApi } from '../helpers/api';
import { setupTestDb } from '../helpers/db';
import { multipart } from '../helpers/forms';

// Issue 13: without PayU configured (the embedded default) a local test provider takes the payer to a
// labelled test page; the payer's choice drives the same order and notification code as PayU's.

setupTestDb();
const api = setupApi();

async function firstPack() {
  const db = await getDb();
  const [pack] = await db.select().from(paymentSettings).orderBy(paymentSettings.count).limit(1);
  if (!pack) throw new Error('no pack');
  return pack;
}

async function startPack(auth: Record<string, string>) {
  const pack = await firstPack();
  const response = await api().inject({
    method: 'GET',
    url: `/api/payu/buy_events/${pack.id}`,
    headers: auth,
  });
  expect(response.statusCode).toBe(200);
  return { pack, start: response.json().data as { url: string; redirectUri: string; ext_order_id: string } };
}

function choose(extOrderId: string, outcome: string) {
  return api().inject({
    method: 'POST',
    url: `/api/payu/test/${extOrderId}`,
    headers: portalOrigin(),
    payload: { outcome },
  });
}

describe('the test payment provider', () => {
  it('sends the payer to the local test page and grants the pack when they choose success', async () => {
    const organiser = await createOrganiser({ eventsLeft: 0 });
    const { pack, start } = await startPack(organiser.auth);
    // At the address the buyer used (inject's Host), which PUBLIC_URL need not be.
    expect(start.url).toBe(`http://localhost:80/cart/test/${start.ext_order_id}`);
    expect(start.redirectUri).toBe(start.url);
    const paid = await choose(start.ext_order_id, 'success');
    expect(paid.statusCode).toBe(200);
    expect(paid.json().data.url).toBe(`http://localhost:80/cart/finish?order=${start.ext_order_id}`);
    const db = await getDb();
    const [company] = await db.select().from(users).where(eq(users.id, organiser.user.id));
    expect(company?.eventsLeft).toBe(pack.count);
    // Choosing again changes nothing: the order is paid and stays so.
    expect((await choose(start.ext_order_id, 'failure')).statusCode).toBe(200);
    const [order] = await db.select().from(orders).where(eq(orders.extOrderId, start.ext_order_id));
    expect(order?.status).toBe('paid');
    const [again] = await db.select().from(users).where(eq(users.id, organiser.user.id));
    expect(again?.eventsLeft).toBe(pack.count);
  });

  it('keeps an English payer on the English pages, there and back', async () => {
    const organiser = await createOrganiser({ eventsLeft: 0 });
    const { start } = await startPack({ ...organiser.auth, 'accept-language': 'en' });
    expect(start.url).toBe(`http://localhost:80/en/cart/test/${start.ext_order_id}`);
    const paid = await choose(start.ext_order_id, 'success');
    expect(paid.json().data.url).toBe(`http://localhost:80/en/cart/finish?order=${start.ext_order_id}`);
  });

  it('cancels the order and grants nothing when they choose failure', async () => {
    const organiser = await createOrganiser({ eventsLeft: 0 });
    const { start } = await startPack(organiser.auth);
    expect((await choose(start.ext_order_id, 'failure')).statusCode).toBe(200);
    const db = await getDb();
    const [order] = await db.select().from(orders).where(eq(orders.extOrderId, start.ext_order_id));
    expect(order?.status).toBe('cancelled');
    const [company] = await db.select().from(users).where(eq(users.id, organiser.user.id));
    expect(company?.eventsLeft).toBe(0);
  });

  it('refuses an unknown order, a bad choice and a choice from another site', async () => {
    expect((await choose('00000000-0000-4000-8000-000000000000', 'success')).statusCode).toBe(404);
    const organiser = await createOrganiser();
    const { start } = await startPack(organiser.auth);
    expect((await choose(start.ext_order_id, 'maybe')).statusCode).toBe(422);
    const crossSite = await api().inject({
      method: 'POST',
      url: `/api/payu/test/${start.ext_order_id}`,
      headers: { origin: 'https://evil.example' },
      payload: { outcome: 'success' },
    });
    expect(crossSite.statusCode).toBe(403);
  });

  it('refuses notifications signed with anything but the test key', async () => {
    const organiser = await createOrganiser();
    const { start } = await startPack(organiser.auth);
    const body = JSON.stringify({
      order: {
        orderId: `TEST-${start.ext_order_id}`,
        extOrderId: start.ext_order_id,
        totalAmount: '4900',
        currencyCode: 'PLN',
        status: 'COMPLETED',
      },
    });
    const response = await api().inject({
      method: 'POST',
      url: '/api/payu/notify',
      headers: {
        'content-type': 'application/json',
        'openpayu-signature':
          'sender=checkout;signature=0123456789abcdef0123456789abcdef;algorithm=MD5;content=DOCUMENT',
      },
      payload: body,
    });
    expect(response.statusCode).toBe(403);
  });

  it('refuses a notification signed with a key derived from the public client secret', async () => {
    // Issue 26 item 11: the test key was an HMAC of OAUTH_CLIENT_SECRET, whose embedded default is public.
    const organiser = await createOrganiser({ eventsLeft: 0 });
    const { start } = await startPack(organiser.auth);
    const db = await getDb();
    const [placed] = await db.select().from(orders).where(eq(orders.extOrderId, start.ext_order_id));
    // Right in every other way, so only the key can make it fail.
    const body = JSON.stringify({
      order: {
        orderId: placed?.providerOrderId,
        extOrderId: start.ext_order_id,
        totalAmount: String(placed?.amount),
        currencyCode: placed?.currency,
        status: 'COMPLETED',
      },
    });
    const publicKey = createHmac('sha256', getConfig().oauthClient.secret)
      .update('test-payments')
      .digest('hex');
    const signature = createHash('sha256')
      .update(body + publicKey)
      .digest('hex');
    const response = await api().inject({
      method: 'POST',
      url: '/api/payu/notify',
      headers: {
        'content-type': 'application/json',
        'openpayu-signature': `sender=checkout;signature=${signature};algorithm=SHA-256;content=DOCUMENT`,
      },
      payload: body,
    });
    expect(response.statusCode).toBe(403);
    const [order] = await db.select().from(orders).where(eq(orders.extOrderId, start.ext_order_id));
    expect(order?.status).toBe('pending');
  });
});

describe('the home-page ad box of the organiser registration', () => {
  const fields = (email: string) => ({
    company_name: 'Scena Testowa',
    email,
    password: 'tajnehaslo1',
    password_confirmation: 'tajnehaslo1',
    name: 'Scena nad Motławą',
    city: 'Gdańsk',
    street: 'Długa 1',
    postcode: '80-831',
    phone: '+48 58 123 45 67',
    description: '<p>Koncerty.</p>',
    'categories[]': ['1'],
    'place_hours_whole_day[1]': '1',
    'place_hours_whole_day[2]': '1',
    'place_hours_whole_day[3]': '1',
    'place_hours_whole_day[4]': '1',
    'place_hours_whole_day[5]': '1',
    'place_hours_whole_day[6]': '1',
    'place_hours_closed[7]': '1',
  });

  it('keeps an unpaid ad order that the organiser pays after signing in', async () => {
    const email = `scena.${Date.now()}@example.com`;
    const form = await multipart({ ...fields(email), home_ad_name: 'Scena nad Motławą – koncerty' });
    const registered = await api().inject({ method: 'POST', url: '/api/company', ...form });
    expect(registered.statusCode).toBe(201);
    const db = await getDb();
    const [company] = await db.select().from(users).where(eq(users.email, email));
    const [order] = await db
      .select()
      .from(orders)
      .where(eq(orders.userId, company?.id ?? 0));
    expect(order).toMatchObject({
      kind: 'home_ad',
      status: 'pending',
      amount: 25000,
      adName: 'Scena nad Motławą – koncerty',
      redirectUri: null,
    });
    // The same answer as a registration without the box (nothing tells whether the address was new).
    const plain = await api().inject({
      method: 'POST',
      url: '/api/company',
      ...(await multipart(fields(`inna.${Date.now()}@example.com`))),
    });
    expect(plain.json()).toEqual(registered.json());
  });

  it('pays an earlier order by its id, once', async () => {
    const organiser = await createOrganiser();
    const db = await getDb();
    const { start } = await startPack(organiser.auth);
    const resumed = await api().inject({
      method: 'GET',
      url: `/api/payu/pay/${start.ext_order_id}`,
      headers: organiser.auth,
    });
    expect(resumed.json().data.url).toBe(start.url);
    await choose(start.ext_order_id, 'success');
    const closed = await api().inject({
      method: 'GET',
      url: `/api/payu/pay/${start.ext_order_id}`,
      headers: organiser.auth,
    });
    expect(closed.statusCode).toBe(422);
    const other = await createOrganiser();
    const foreign = await api().inject({
      method: 'GET',
      url: `/api/payu/pay/${start.ext_order_id}`,
      headers: other.auth,
    });
    expect(foreign.statusCode).toBe(404);
    const [order] = await db.select().from(orders).where(eq(orders.extOrderId, start.ext_order_id));
    expect(order?.status).toBe('paid');
  });
});
