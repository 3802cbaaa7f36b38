import { and, desc, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { getDb } from '@/db/client';
import * as s from '@/db/schema';
import { listOwnPlaces } from '@/server/places/list-places';
import { createAccount, setupApi } from '../helpers/api';
import { setupTestDb } from '../helpers/db';
import { multipart } from '../helpers/forms';

// Issue 14 point 2: the admin's verification of places and virtual walks.

setupTestDb();
const api = setupApi();

type Auth = Record<string, string>;
let proPlan: number;
let admin: Awaited<ReturnType<typeof createAccount>>;

beforeAll(async () => {
  const db = await getDb();
  const plans = await db.select().from(s.premiumSettings);
  proPlan = plans.reduce((a, b) => (b.level > a.level ? b : a)).id;
  admin = await createAccount('admin');
});

/** A company on the top plan, with one place (pending, as every new place). */
async function company(values: Partial<s.NewPlace> = {}) {
  const account = await createAccount('company');
  const db = await getDb();
  await db
    .update(s.users)
    .set({ premiumSettingId: proPlan, eventsLeft: 10 })
    .where(eq(s.users.id, account.user.id));
  const [place] = await db
    .insert(s.places)
    .values({
      userId: account.user.id,
      name: `Galeria ${account.user.id}`,
      city: 'Gdańsk',
      street: 'Długa 1',
      postcode: '80-001',
      phone: '+48 58 000 00 00',
      ...values,
    })
    .returning();
  return { ...account, placeId: place!.id };
}

const post = (url: string, auth: Auth, payload?: unknown) =>
  api().inject({
    method: 'POST',
    url,
    headers: auth,
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
const get = (url: string, auth: Auth = {}) => api().inject({ url, headers: auth });

const placeDetail = async (id: number) => (await get(`/api/place/${id}`)).json().data;
const eventDetail = async (id: number) => (await get(`/api/event/${id}`)).json().data;

async function auditRows(action: string, targetId: number) {
  const db = await getDb();
  return db
    .select()
    .from(s.auditLog)
    .where(and(eq(s.auditLog.action, action), eq(s.auditLog.targetId, targetId)));
}

async function notificationsOf(userId: number) {
  const db = await getDb();
  return db
    .select()
    .from(s.notifications)
    .where(eq(s.notifications.userId, userId))
    .orderBy(desc(s.notifications.id));
}

async function mailsTo(email: string) {
  const db = await getDb();
  return db.select().from(s.mailOutbox).where(eq(s.mailOutbox.to, email)).orderBy(desc(s.mailOutbox.id));
}

const placeFields = (overrides: Record<string, string | string[]> = {}) => ({
  name: 'Muzeum Bursztynu',
  city: 'Gdańsk',
  street: 'Targ Węglowy 26',
  postcode: '80-836',
  phone: '+48 58 326 27 00',
  description: '<p>Bursztyn z całego świata.</p>',
  'categories[]': ['2'],
  ...Object.fromEntries([1, 2, 3, 4, 5, 6, 7].map((d) => [`place_hours_closed[${d}]`, '1'])),
  ...overrides,
});

const eventFields = (placeId: number, overrides: Record<string, string | string[]> = {}) => ({
  category_id: '1',
  place_id: String(placeId),
  name: 'Noc muzeów',
  price_min: '0',
  price_max: '0',
  spots_left: '100',
  start_date: '2027-05-15',
  start_date_h: '18:00',
  end_date: '2027-05-15',
  end_date_h: '23:00',
  ...overrides,
});

async function sendForm(url: string, auth: Auth, fields: Record<string, string | string[]>) {
  const form = await multipart(fields);
  return api().inject({ method: 'POST', url, headers: { ...form.headers, ...auth }, payload: form.payload });
}

describe('who may use the verification calls', () => {
  it('answers 401 to the anonymous and 403 to a user and a company, on every route', async () => {
    const owner = await company({ virtualWalkUrl: 'https://walk.example.com/a' });
    const calls: [string, string, unknown?][] = [
      ['GET', '/api/admin/verification/places'],
      ['GET', '/api/admin/verification/walks?page=1'],
      ['POST', `/api/admin/place/${owner.placeId}/verify`],
      ['POST', `/api/admin/place/${owner.placeId}/reject`, { reason: 'Brak zdjęć' }],
      ['POST', `/api/admin/walk/place/${owner.placeId}/verify`],
      ['POST', `/api/admin/walk/place/${owner.placeId}/reject`, { reason: 'Zły link' }],
      ['POST', `/api/admin/walk/event/1/verify`],
      ['POST', `/api/admin/walk/event/1/reject`, {}],
    ];
    const user = await createAccount('user');
    const other = await createAccount('company');
    for (const [method, url, payload] of calls) {
      const call = (auth: Auth) =>
        api().inject({
          method: method as 'GET' | 'POST',
          url,
          headers: auth,
          ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
        });
      expect((await call({})).statusCode, `${method} ${url} anonymous`).toBe(401);
      expect((await call(user.auth)).statusCode, `${method} ${url} user`).toBe(403);
      expect((await call(other.auth)).statusCode, `${method} ${url} company`).toBe(403);
      expect((await call(owner.auth)).statusCode, `${method} ${url} owner`).toBe(403);
    }
    // Nothing changed.
    const detail = await placeDetail(owner.placeId);
    expect(detail.verified).toBe(false);
    expect(detail.virtual_walk).toBeNull();
    expect(await auditRows('place.verify', owner.placeId)).toHaveLength(0);
  });
});

describe('verifying and rejecting places', () => {
  it('lists a pending place with what is needed to decide, and verifies it at once', async () => {
    const owner = await company({
      description: '<p>Bursztyn <strong>bałtycki</strong>.</p>',
      url: 'https://muzeum.example.com',
    });
    const db = await getDb();
    await db.insert(s.placeCategories).values({ placeId: owner.placeId, categoryId: 2 });

    const queue = await get('/api/admin/verification/places', admin.auth);
    expect(queue.statusCode).toBe(200);
    const item = queue.json().data.find((p: { id: number }) => p.id === owner.placeId);
    expect(item).toMatchObject({
      name: `Galeria ${owner.user.id}`,
      owner: { id: owner.user.id, name: owner.user.companyName, email: owner.user.email },
      city: 'Gdańsk',
      street: 'Długa 1',
      postcode: '80-001',
      phone: '+48 58 000 00 00',
      url: 'https://muzeum.example.com',
      description: 'Bursztyn bałtycki.',
      categories: [{ id: 2, name: expect.any(String) }],
      page: `/places/${owner.placeId}`,
    });
    expect(queue.json()).toMatchObject({ current_page: 1, per_page: 12 });

    expect((await placeDetail(owner.placeId)).verified).toBe(false);
    const verified = await post(`/api/admin/place/${owner.placeId}/verify`, admin.auth);
    expect(verified.statusCode).toBe(200);
    expect(verified.json().data).toEqual({ id: owner.placeId, state: 'verified', reason: null });

    // The public API follows at once, and the place leaves the queue.
    expect((await placeDetail(owner.placeId)).verified).toBe(true);
    const after = (await get('/api/admin/verification/places', admin.auth)).json();
    expect(after.data.map((p: { id: number }) => p.id)).not.toContain(owner.placeId);

    const audit = await auditRows('place.verify', owner.placeId);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      adminId: admin.user.id,
      target: 'place',
      before: { verification_state: 'pending', verified: false },
      after: { verification_state: 'verified', verified: true },
    });
    const [note] = await notificationsOf(owner.user.id);
    expect(note).toMatchObject({ type: 'place_verified', placeId: owner.placeId });
    const [mail] = await mailsTo(owner.user.email);
    expect(mail?.text).toContain(`/places/${owner.placeId}`);

    // Verifying again is fine and tells nobody twice; an unknown place is 404.
    expect((await post(`/api/admin/place/${owner.placeId}/verify`, admin.auth)).statusCode).toBe(200);
    expect(await auditRows('place.verify', owner.placeId)).toHaveLength(1);
    expect(await mailsTo(owner.user.email)).toHaveLength(1);
    expect((await post('/api/admin/place/99999999/verify', admin.auth)).statusCode).toBe(404);
  });

  it('rejects a place only with a reason, tells the owner and shows it on /account/places data', async () => {
    const owner = await company();
    const empty = await post(`/api/admin/place/${owner.placeId}/reject`, admin.auth, { reason: '  ' });
    expect(empty.statusCode).toBe(422);
    expect(empty.json().errors.reason).toBeDefined();
    expect((await post(`/api/admin/place/${owner.placeId}/reject`, admin.auth)).statusCode).toBe(422);
    const tooLong = await post(`/api/admin/place/${owner.placeId}/reject`, admin.auth, {
      reason: 'x'.repeat(501),
    });
    expect(tooLong.statusCode).toBe(422);
    expect(await notificationsOf(owner.user.id)).toHaveLength(0);

    const rejected = await post(`/api/admin/place/${owner.placeId}/reject`, admin.auth, {
      reason: 'Adres nie istnieje',
    });
    expect(rejected.statusCode).toBe(200);
    expect(rejected.json().data).toEqual({
      id: owner.placeId,
      state: 'rejected',
      reason: 'Adres nie istnieje',
    });
    expect((await placeDetail(owner.placeId)).verified).toBe(false);

    const db = await getDb();
    const [row] = await db.select().from(s.places).where(eq(s.places.id, owner.placeId));
    expect(row).toMatchObject({
      verificationState: 'rejected',
      verified: false,
      verificationReason: 'Adres nie istnieje',
    });
    const [note] = await notificationsOf(owner.user.id);
    expect(note).toMatchObject({
      type: 'place_rejected',
      params: { place: row?.name, reason: 'Adres nie istnieje' },
      placeId: owner.placeId,
    });
    const mails = await mailsTo(owner.user.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.text).toContain('Adres nie istnieje');
    expect(await auditRows('place.reject', owner.placeId)).toHaveLength(1);
    // /account/places reads the state and the reason.
    const [own] = await listOwnPlaces({ actor: { ...owner.user, accessTokenId: 0 } });
    expect(own).toMatchObject({
      verified: false,
      verificationState: 'rejected',
      verificationReason: 'Adres nie istnieje',
    });

    // A rejected place can still be verified later; `verified` and the state move together.
    expect((await post(`/api/admin/place/${owner.placeId}/verify`, admin.auth)).statusCode).toBe(200);
    const [again] = await db.select().from(s.places).where(eq(s.places.id, owner.placeId));
    expect(again).toMatchObject({ verificationState: 'verified', verified: true, verificationReason: null });
  });

  it('leaves hidden places out of the queue', async () => {
    const owner = await company({ hiddenAt: new Date() });
    const queue = (await get('/api/admin/verification/places', admin.auth)).json();
    expect(queue.data.map((p: { id: number }) => p.id)).not.toContain(owner.placeId);
  });
});

describe('verifying and rejecting virtual walks', () => {
  it("verifies a place's walk, which then shows on the place; a changed link sends it back to the queue", async () => {
    const owner = await company();
    // The company saves its place with a walk link through its own API.
    const saved = await sendForm(
      `/api/place/${owner.placeId}`,
      owner.auth,
      placeFields({ virtual_walk: 'https://walk.example.com/muzeum', _method: 'PUT' }),
    );
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data.virtual_walk).toBeNull();

    const walks = (await get('/api/admin/verification/walks', admin.auth)).json().data;
    const item = walks.find(
      (w: { kind: string; id: number }) => w.kind === 'place' && w.id === owner.placeId,
    );
    expect(item).toMatchObject({
      url: 'https://walk.example.com/muzeum',
      name: 'Muzeum Bursztynu',
      place: { id: owner.placeId, name: 'Muzeum Bursztynu' },
      owner: { id: owner.user.id },
      page: `/places/${owner.placeId}`,
    });

    const verified = await post(`/api/admin/walk/place/${owner.placeId}/verify`, admin.auth);
    expect(verified.statusCode).toBe(200);
    expect((await placeDetail(owner.placeId)).virtual_walk).toEqual({
      url: 'https://walk.example.com/muzeum',
      verified: true,
    });
    expect(await auditRows('walk.verify', owner.placeId)).toHaveLength(1);
    expect((await notificationsOf(owner.user.id))[0]).toMatchObject({
      type: 'walk_verified',
      params: { kind: 'place', name: 'Muzeum Bursztynu' },
    });
    expect(await mailsTo(owner.user.email)).toHaveLength(1);
    expect((await post(`/api/admin/walk/place/${owner.placeId}/verify`, admin.auth)).statusCode).toBe(200);
    expect(await auditRows('walk.verify', owner.placeId)).toHaveLength(1);

    // Saving the place with the same link keeps the walk verified.
    const same = await sendForm(
      `/api/place/${owner.placeId}`,
      owner.auth,
      placeFields({ name: 'Muzeum Bursztynu w Gdańsku', virtual_walk: 'https://walk.example.com/muzeum' }),
    );
    expect(same.statusCode).toBe(200);
    expect(same.json().data.virtual_walk).not.toBeNull();

    // A new link hides the walk and puts it back in the queue.
    const changed = await sendForm(
      `/api/place/${owner.placeId}`,
      owner.auth,
      placeFields({ virtual_walk: 'https://walk.example.com/nowy' }),
    );
    expect(changed.statusCode).toBe(200);
    expect(changed.json().data.virtual_walk).toBeNull();
    const db = await getDb();
    const [row] = await db.select().from(s.places).where(eq(s.places.id, owner.placeId));
    expect(row).toMatchObject({ walkState: 'pending', virtualWalkVerified: false, walkReason: null });
    const queue = (await get('/api/admin/verification/walks', admin.auth)).json().data;
    expect(
      queue.find((w: { kind: string; id: number }) => w.kind === 'place' && w.id === owner.placeId)?.url,
    ).toBe('https://walk.example.com/nowy');
  });

  it("rejects an event's walk with a reason; the event's new link goes back to the queue", async () => {
    const owner = await company();
    const created = await sendForm(
      '/api/event',
      owner.auth,
      eventFields(owner.placeId, { virtual_walk: 'https://walk.example.com/noc' }),
    );
    expect(created.statusCode).toBe(201);
    const eventId: number = created.json().data.id;
    expect(created.json().data.virtual_walk).toBeNull();

    const walks = (await get('/api/admin/verification/walks', admin.auth)).json().data;
    expect(
      walks.find((w: { kind: string; id: number }) => w.kind === 'event' && w.id === eventId),
    ).toMatchObject({
      url: 'https://walk.example.com/noc',
      name: 'Noc muzeów',
      place: { id: owner.placeId },
      page: `/event/${eventId}`,
    });

    const noReason = await post(`/api/admin/walk/event/${eventId}/reject`, admin.auth, { reason: '' });
    expect(noReason.statusCode).toBe(422);
    expect(noReason.json().errors.reason).toBeDefined();

    const rejected = await post(`/api/admin/walk/event/${eventId}/reject`, admin.auth, {
      reason: 'Link nie działa',
    });
    expect(rejected.statusCode).toBe(200);
    expect(rejected.json().data).toEqual({ id: eventId, state: 'rejected', reason: 'Link nie działa' });
    expect((await eventDetail(eventId)).virtual_walk).toBeNull();
    expect(await auditRows('walk.reject', eventId)).toHaveLength(1);
    expect((await notificationsOf(owner.user.id))[0]).toMatchObject({
      type: 'walk_rejected',
      params: { kind: 'event', name: 'Noc muzeów', reason: 'Link nie działa' },
      eventId,
    });
    const [mail] = await mailsTo(owner.user.email);
    expect(mail?.text).toContain('Link nie działa');
    expect(mail?.text).toContain(`/event/${eventId}`);
    let queue = (await get('/api/admin/verification/walks', admin.auth)).json().data;
    expect(queue.some((w: { kind: string; id: number }) => w.kind === 'event' && w.id === eventId)).toBe(
      false,
    );

    // The company changes the link through its event API: the walk is pending again, without the reason.
    const updated = await sendForm(
      `/api/event/${eventId}`,
      owner.auth,
      eventFields(owner.placeId, { virtual_walk: 'https://walk.example.com/noc2', _method: 'PUT' }),
    );
    expect(updated.statusCode).toBe(200);
    const db = await getDb();
    const [row] = await db.select().from(s.events).where(eq(s.events.id, eventId));
    expect(row).toMatchObject({ walkState: 'pending', virtualWalkVerified: false, walkReason: null });
    queue = (await get('/api/admin/verification/walks', admin.auth)).json().data;
    expect(queue.find((w: { kind: string; id: number }) => w.kind === 'event' && w.id === eventId)?.url).toBe(
      'https://walk.example.com/noc2',
    );

    // Verified, the walk appears on the event at once.
    expect((await post(`/api/admin/walk/event/${eventId}/verify`, admin.auth)).statusCode).toBe(200);
    expect((await eventDetail(eventId)).virtual_walk).toEqual({
      url: 'https://walk.example.com/noc2',
      verified: true,
    });
  });

  it('answers 404 for an unknown item or one without a walk link', async () => {
    const owner = await company();
    expect((await post(`/api/admin/walk/place/${owner.placeId}/verify`, admin.auth)).statusCode).toBe(404);
    expect((await post('/api/admin/walk/event/99999999/verify', admin.auth)).statusCode).toBe(404);
    expect(
      (await post('/api/admin/walk/event/99999999/reject', admin.auth, { reason: 'Nie działa' })).statusCode,
    ).toBe(404);
    expect((await post(`/api/admin/walk/other/${owner.placeId}/verify`, admin.auth)).statusCode).toBe(422);
  });
});
