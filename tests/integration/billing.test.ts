import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { getDb } from '@/db/client';
import { billingDetails, invoices, orders, paymentSettings } from '@/db/schema';
import { translate } from '@/i18n/translate';
import { createAccount, createOrganiser, portalOrigin, setupApi } from '../helpers/api';
import { setupTestDb } from '../helpers/db';

// Issue 27 item 2: billing data saved per account (GET/PUT /api/user/billing) and copied onto each order
// placed afterwards, which its invoice then names.

setupTestDb();
const api = setupApi();

const company = {
  kind: 'company',
  name: 'Sala Koncertowa sp. z o.o.',
  nip: 'PL1234563218',
  street: 'Długa 1',
  postcode: '80831',
  city: 'Gdańsk',
};
const stored = {
  kind: 'company',
  name: 'Sala Koncertowa sp. z o.o.',
  nip: '1234563218',
  street: 'Długa 1',
  postcode: '80-831',
  city: 'Gdańsk',
  country: 'PL',
};
const person = {
  kind: 'private',
  name: 'Anna Nowak',
  street: 'Mariacka 5/2',
  postcode: '80-833',
  city: 'Gdańsk',
};

const put = (headers: Record<string, string>, payload: unknown) =>
  api().inject({ method: 'PUT', url: '/api/user/billing', headers, payload: payload as object });
const get = (headers: Record<string, string>) =>
  api().inject({ method: 'GET', url: '/api/user/billing', headers });

async function savedRow(userId: number) {
  const db = await getDb();
  const [row] = await db.select().from(billingDetails).where(eq(billingDetails.userId, userId));
  return row ?? null;
}

async function buyPack(headers: Record<string, string>) {
  const db = await getDb();
  const [pack] = await db.select().from(paymentSettings).orderBy(paymentSettings.count).limit(1);
  if (!pack) throw new Error('no pack');
  const response = await api().inject({ method: 'GET', url: `/api/payu/buy_events/${pack.id}`, headers });
  expect(response.statusCode).toBe(200);
  const extOrderId = response.json().data.ext_order_id as string;
  const [order] = await db.select().from(orders).where(eq(orders.extOrderId, extOrderId));
  if (!order) throw new Error('no order');
  return order;
}

describe('billing data', () => {
  it('saves a company with its NIP as ten digits (PL prefix accepted) and its postcode as NN-NNN', async () => {
    const organiser = await createOrganiser();
    expect((await get(organiser.auth)).json()).toEqual({ data: null });
    const saved = await put(organiser.auth, company);
    expect(saved.statusCode).toBe(200);
    expect(saved.json().data).toMatchObject(stored);
    const read = await get(organiser.auth);
    expect(read.statusCode).toBe(200);
    expect(read.json().data).toEqual({ ...stored, updated_at: expect.any(String) });
    // Dashes and spaces, as NIPs are printed, are the same number.
    const dashed = await put(organiser.auth, { ...company, nip: '123-456-32-18' });
    expect(dashed.json().data.nip).toBe('1234563218');
  });

  it('saves a private buyer without a NIP, for an attendee as for a company', async () => {
    const attendee = await createAccount('user');
    const saved = await put(attendee.auth, person);
    expect(saved.statusCode).toBe(200);
    expect((await get(attendee.auth)).json().data).toMatchObject({ ...person, nip: null, country: 'PL' });
    // A company turning private loses its NIP with it.
    const organiser = await createOrganiser();
    await put(organiser.auth, company);
    await put(organiser.auth, person);
    expect((await savedRow(organiser.user.id))?.nip).toBeNull();
    // The billing form sends its checked values, where a private buyer's NIP is null, as the answers give it.
    expect((await put(attendee.auth, { ...person, nip: null })).statusCode).toBe(200);
  });

  it('answers a bad NIP with a 422 in the caller’s language and saves nothing', async () => {
    const organiser = await createOrganiser();
    const pl = await put(organiser.auth, { ...company, nip: 'PL1234563219' });
    expect(pl.statusCode).toBe(422);
    expect(pl.json().errors).toEqual({ nip: [translate('pl', 'validation.nip')] });
    const en = await put({ ...organiser.auth, 'accept-language': 'en' }, { ...company, nip: '123456321' });
    expect(en.statusCode).toBe(422);
    expect(en.json().errors).toEqual({ nip: [translate('en', 'validation.nip')] });
    expect(translate('en', 'validation.nip')).not.toBe(translate('pl', 'validation.nip'));
    expect(await savedRow(organiser.user.id)).toBeNull();

    // Saved data stays as it was when a correction is refused.
    await put(organiser.auth, company);
    const missing = await put(
      { ...organiser.auth, 'accept-language': 'en' },
      { ...company, name: 'Other', nip: '', city: '' },
    );
    expect(missing.statusCode).toBe(422);
    expect(missing.json().errors).toEqual({
      city: [translate('en', 'validation.required')],
      nip: [translate('en', 'validation.nip_required')],
    });
    const privateWithNip = await put(organiser.auth, { ...person, nip: '1234563218' });
    expect(privateWithNip.json().errors).toEqual({ nip: [translate('pl', 'validation.nip_private')] });
    expect(await savedRow(organiser.user.id)).toMatchObject(stored);
  });

  it('lets only the signed-in owner read and write, and no admin or stranger', async () => {
    const owner = await createOrganiser();
    const other = await createOrganiser();
    await put(owner.auth, company);
    // Another account sees only its own (none), and its save leaves the owner's alone.
    expect((await get(other.auth)).json()).toEqual({ data: null });
    expect((await put(other.auth, person)).statusCode).toBe(200);
    expect((await get(owner.auth)).json().data).toMatchObject(stored);
    expect((await get(other.auth)).json().data).toMatchObject({ ...person, nip: null });

    // Refused before the body is read: a stranger's malformed body is a 401, not a 422.
    expect((await get({})).statusCode).toBe(401);
    expect((await put({}, { kind: 'nonsense' })).statusCode).toBe(401);
    const admin = await createAccount('admin');
    expect((await get(admin.auth)).statusCode).toBe(403);
    expect((await put(admin.auth, company)).statusCode).toBe(403);
    expect(await savedRow(admin.user.id)).toBeNull();

    // A write carried by the session cookie from another site is refused (same-origin plugin).
    const token = owner.auth.authorization.slice('Bearer '.length);
    const crossSite = await put({ cookie: `token=${token}`, origin: 'https://evil.example' }, person);
    expect(crossSite.statusCode).toBe(403);
    const sameSite = await put({ cookie: `token=${token}`, ...portalOrigin() }, person);
    expect(sameSite.statusCode).toBe(200);
  });

  it('copies the saved data onto each order placed after it, and the invoice names that buyer', async () => {
    const organiser = await createOrganiser({ eventsLeft: 0 });
    // Nothing saved (an API client that never asked): the order goes without a copy.
    const before = await buyPack(organiser.auth);
    expect(before.billing).toBeNull();

    await put(organiser.auth, company);
    const order = await buyPack(organiser.auth);
    expect(order.billing).toEqual(stored);

    // A later change does not reach the order already placed, whose invoice names the data it was placed with.
    await put(organiser.auth, person);
    const paid = await api().inject({
      method: 'POST',
      url: `/api/payu/test/${order.extOrderId}`,
      headers: portalOrigin(),
      payload: { outcome: 'success' },
    });
    expect(paid.statusCode).toBe(200);
    const db = await getDb();
    const [invoice] = await db.select().from(invoices).where(eq(invoices.orderId, order.id));
    expect(invoice?.buyer).toEqual(stored);
  });

  it('documents both calls in the OpenAPI document', async () => {
    const docs = await api().inject({ method: 'GET', url: '/api/docs/json' });
    expect(docs.statusCode).toBe(200);
    const path = docs.json().paths['/api/user/billing'];
    expect(Object.keys(path).sort()).toEqual(['get', 'put']);
    const body = path.put.requestBody.content['application/json'].schema;
    expect(body.properties.kind.enum).toEqual(['company', 'private']);
    expect(body.required).toEqual(expect.arrayContaining(['kind', 'name', 'street', 'postcode', 'city']));
    expect(path.get.responses['200']).toBeDefined();
  });

  it('gives an unpaid order paid again the data confirmed just before', async () => {
    const organiser = await createOrganiser({ eventsLeft: 0 });
    const order = await buyPack(organiser.auth);
    expect(order.billing).toBeNull();
    await put(organiser.auth, company);
    const again = await api().inject({
      method: 'GET',
      url: `/api/payu/pay/${order.extOrderId}`,
      headers: organiser.auth,
    });
    expect(again.statusCode).toBe(200);
    const db = await getDb();
    const [updated] = await db.select().from(orders).where(eq(orders.id, order.id));
    expect(updated?.billing).toEqual(stored);
  });
});
