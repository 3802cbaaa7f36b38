import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { getDb } from '@/db/client';
import { auditLog, comments, conversations, messages, places, reports } from '@/db/schema';
import { insertEvent, insertPlace } from '@/test-support/fixtures';
import { createAccount, createOrganiser, setupApi } from '../helpers/api';
import { setupTestDb } from '../helpers/db';

// Issue 14 point 3: reports, hiding and restoring, blocking accounts, and what the public API shows.

setupTestDb();
const api = setupApi();

type Auth = Record<string, string>;

const post = (url: string, auth: Auth, payload?: Record<string, unknown>) =>
  api().inject({ method: 'POST', url, headers: auth, ...(payload === undefined ? {} : { payload }) });
const get = (url: string, auth: Auth = {}) => api().inject({ url, headers: auth });

const report = (auth: Auth, payload: Record<string, unknown>) => post('/api/report', auth, payload);

async function comment(auth: Auth, placeId: number, stars: number, text = 'Świetne miejsce') {
  const res = await post('/api/place/add_comment', auth, { place_id: placeId, stars, comment: text });
  expect(res.statusCode).toBe(201);
  return res.json().data.id as number;
}

async function auditRows(action: string, targetId: number) {
  const db = await getDb();
  return db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, action), eq(auditLog.targetId, targetId)));
}

const placeStars = async (id: number) => (await get(`/api/place/${id}`)).json().data.stars as number;

describe('reports', () => {
  it('refuses anonymous reports (401) and takes one report per person and item', async () => {
    const owner = await createOrganiser();
    const user = await createAccount('user');
    const body = { target: 'place', target_id: owner.placeId, reason: 'spam' };
    expect((await report({}, body)).statusCode).toBe(401);
    expect((await report(user.auth, body)).statusCode).toBe(201);
    const again = await report(user.auth, { ...body, reason: 'offensive' });
    expect(again.statusCode).toBe(422);
    expect(again.json().errors.target_id).toEqual(['Ta treść została już przez Ciebie zgłoszona.']);
    const db = await getDb();
    const rows = await db.select().from(reports).where(eq(reports.targetId, owner.placeId));
    expect(rows.filter((r) => r.target === 'place')).toHaveLength(1);
  });

  it('requires a text for "other", and an item the reporter can see', async () => {
    const owner = await createOrganiser();
    const user = await createAccount('user');
    const other = await report(user.auth, { target: 'place', target_id: owner.placeId, reason: 'other' });
    expect(other.statusCode).toBe(422);
    expect(other.json().errors.text).toBeDefined();
    expect(
      (await report(user.auth, { target: 'event', target_id: 999_999, reason: 'spam' })).statusCode,
    ).toBe(404);
    expect((await report(user.auth, { target: 'planet', target_id: 1, reason: 'spam' })).statusCode).toBe(
      422,
    );
    // A message only by a participant of its conversation.
    const a = await createAccount('user');
    const b = await createAccount('company');
    const db = await getDb();
    const [low, high] = [a.user.id, b.user.id].sort((x, y) => x - y) as [number, number];
    const [conversation] = await db
      .insert(conversations)
      .values({ userLowId: low, userHighId: high })
      .returning();
    const [message] = await db
      .insert(messages)
      .values({ conversationId: conversation?.id ?? 0, senderId: b.user.id, message: 'Kup teraz!!!' })
      .returning();
    const messageReport = { target: 'message', target_id: message?.id, reason: 'spam' };
    expect((await report(user.auth, messageReport)).statusCode).toBe(404);
    expect((await report(a.auth, messageReport)).statusCode).toBe(201);
  });
});

describe('admin moderation routes', () => {
  it('refuses anonymous callers (401) and non-admins (403) on every route', async () => {
    const user = await createAccount('user');
    const company = await createAccount('company');
    const routes: [string, string][] = [
      ['GET', '/api/admin/reports?status=open'],
      ['GET', '/api/admin/users?search=x'],
      ['POST', '/api/admin/reports/1/dismiss'],
      ['POST', `/api/admin/user/${user.user.id}/block`],
      ['POST', `/api/admin/user/${user.user.id}/unblock`],
      ...['comment', 'place', 'event', 'message'].flatMap((t): [string, string][] => [
        ['POST', `/api/admin/${t}/1/hide`],
        ['POST', `/api/admin/${t}/1/restore`],
      ]),
    ];
    for (const [method, url] of routes) {
      const payload = method === 'POST' ? { reason: 'spam' } : undefined;
      const as = (auth: Auth) =>
        api().inject({ method: method as 'GET' | 'POST', url, headers: auth, payload });
      expect((await as({})).statusCode, `${method} ${url} anonymous`).toBe(401);
      expect((await as(user.auth)).statusCode, `${method} ${url} user`).toBe(403);
      expect((await as(company.auth)).statusCode, `${method} ${url} company`).toBe(403);
    }
  });

  it('lists open reports per item, dismisses them, and writes the audit log', async () => {
    const admin = await createAccount('admin');
    const owner = await createOrganiser();
    const [u1, u2] = [await createAccount('user'), await createAccount('user')];
    await report(u1.auth, { target: 'place', target_id: owner.placeId, reason: 'spam' });
    await report(u2.auth, { target: 'place', target_id: owner.placeId, reason: 'other', text: 'Oszustwo' });
    const open = await get('/api/admin/reports?status=open', admin.auth);
    expect(open.statusCode).toBe(200);
    const item = open
      .json()
      .data.find(
        (i: { target: string; target_id: number }) => i.target === 'place' && i.target_id === owner.placeId,
      );
    expect(item).toMatchObject({ count: 2, texts: ['Oszustwo'], link: `/places/${owner.placeId}` });
    expect(item.reasons.sort()).toEqual(['other', 'spam']);
    expect(item.excerpt).toContain('Sala');

    const dismissed = await post(`/api/admin/reports/${item.report_id}/dismiss`, admin.auth);
    expect(dismissed.statusCode).toBe(200);
    const after = (await get('/api/admin/reports', admin.auth)).json().data;
    expect(
      after.some(
        (i: { target_id: number; target: string }) => i.target === 'place' && i.target_id === owner.placeId,
      ),
    ).toBe(false);
    expect(await auditRows('report.dismiss', owner.placeId)).toHaveLength(1);
    // The place is still public.
    expect((await get(`/api/place/${owner.placeId}`)).statusCode).toBe(200);
  });

  it('finds accounts by e-mail or name', async () => {
    const admin = await createAccount('admin');
    const company = await createAccount('company');
    const res = await get(`/api/admin/users?search=${encodeURIComponent(company.user.email)}`, admin.auth);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual([
      expect.objectContaining({ id: company.user.id, role: 'company', blocked_at: null }),
    ]);
  });
});

describe('hiding and restoring', () => {
  it('hides a comment: gone from the place, the stars change at once; restore brings both back', async () => {
    const admin = await createAccount('admin');
    const owner = await createOrganiser();
    const [u1, u2] = [await createAccount('user'), await createAccount('user')];
    await comment(u1.auth, owner.placeId, 5);
    const bad = await comment(u2.auth, owner.placeId, 1, 'Spam spam');
    expect(await placeStars(owner.placeId)).toBe(3);
    await report(u1.auth, { target: 'comment', target_id: bad, reason: 'offensive' });

    const hidden = await post(`/api/admin/comment/${bad}/hide`, admin.auth);
    expect(hidden.statusCode).toBe(200);
    expect(hidden.json().data.hidden_at).not.toBeNull();
    const place = (await get(`/api/place/${owner.placeId}`)).json().data;
    expect(place.stars).toBe(5);
    expect(place.comments.map((c: { id: number }) => c.id)).not.toContain(bad);
    expect(place.comments_count).toBe(1);
    // Hiding resolved the comment's report.
    const db = await getDb();
    const [r] = await db
      .select()
      .from(reports)
      .where(and(eq(reports.target, 'comment'), eq(reports.targetId, bad)));
    expect(r?.status).toBe('resolved');
    expect(await auditRows('comment.hide', bad)).toHaveLength(1);
    // A hidden item cannot be reported again.
    expect((await report(u2.auth, { target: 'comment', target_id: bad, reason: 'spam' })).statusCode).toBe(
      404,
    );
    // It shows in the hidden items.
    const hiddenList = (await get('/api/admin/reports?status=hidden', admin.auth)).json().data;
    expect(
      hiddenList.some(
        (i: { target: string; target_id: number }) => i.target === 'comment' && i.target_id === bad,
      ),
    ).toBe(true);

    expect((await post(`/api/admin/comment/${bad}/restore`, admin.auth)).statusCode).toBe(200);
    expect(await placeStars(owner.placeId)).toBe(3);
    expect(await auditRows('comment.restore', bad)).toHaveLength(1);
  });

  it('hides a place and an event: 404 on their pages, gone from lists and search', async () => {
    const admin = await createAccount('admin');
    const owner = await createAccount('company');
    const place = await insertPlace(owner.user.id, { name: 'Zakazana Piwnica' });
    const event = await insertEvent(owner.user.id, place.id);
    const db = await getDb();
    await db.update(places).set({ name: 'Zakazana Piwnica' }).where(eq(places.id, place.id));
    const placeIds = async () =>
      (await get('/api/place?search=Zakazana&per_page=50')).json().data.map((p: { id: number }) => p.id);
    const eventIds = async () =>
      (await get(`/api/event?place_id=${place.id}&per_page=50`)).json().data.map((e: { id: number }) => e.id);
    expect(await placeIds()).toContain(place.id);
    expect(await eventIds()).toContain(event.id);

    expect((await post(`/api/admin/event/${event.id}/hide`, admin.auth)).statusCode).toBe(200);
    expect((await get(`/api/event/${event.id}`)).statusCode).toBe(404);
    expect(await eventIds()).not.toContain(event.id);
    expect(
      (await get(`/api/place/${place.id}`)).json().data.events.map((e: { id: number }) => e.id),
    ).not.toContain(event.id);

    expect((await post(`/api/admin/place/${place.id}/hide`, admin.auth)).statusCode).toBe(200);
    expect((await get(`/api/place/${place.id}`)).statusCode).toBe(404);
    expect(await placeIds()).not.toContain(place.id);
    expect(await auditRows('place.hide', place.id)).toHaveLength(1);

    expect((await post(`/api/admin/place/${place.id}/restore`, admin.auth)).statusCode).toBe(200);
    expect((await post(`/api/admin/event/${event.id}/restore`, admin.auth)).statusCode).toBe(200);
    expect((await get(`/api/place/${place.id}`)).statusCode).toBe(200);
    expect((await get(`/api/event/${event.id}`)).statusCode).toBe(200);
    expect(await eventIds()).toContain(event.id);
    expect((await post('/api/admin/place/999999/hide', admin.auth)).statusCode).toBe(404);
  });

  it('shows a hidden message as removed in the thread', async () => {
    const admin = await createAccount('admin');
    const a = await createAccount('user');
    const b = await createAccount('company');
    const db = await getDb();
    const [low, high] = [a.user.id, b.user.id].sort((x, y) => x - y) as [number, number];
    const [conversation] = await db
      .insert(conversations)
      .values({ userLowId: low, userHighId: high })
      .returning();
    const [message] = await db
      .insert(messages)
      .values({ conversationId: conversation?.id ?? 0, senderId: b.user.id, message: 'Obraźliwy tekst' })
      .returning();
    const id = message?.id ?? 0;
    expect((await post(`/api/admin/message/${id}/hide`, admin.auth)).statusCode).toBe(200);
    const thread = await get(`/api/message/getDetails/${b.user.id}`, a.auth);
    expect(thread.statusCode).toBe(200);
    expect(thread.json().data).toEqual([expect.objectContaining({ id, message: '', hidden: true })]);
  });
});

describe('blocking an account', () => {
  it('refuses its tokens at once, hides its place and comments; unblocking brings them back', async () => {
    const admin = await createAccount('admin');
    const owner = await createOrganiser();
    const good = await createAccount('user');
    const troll = await createAccount('user');
    await comment(good.auth, owner.placeId, 5);
    const trollComment = await comment(troll.auth, owner.placeId, 1, 'Beznadzieja');
    expect(await placeStars(owner.placeId)).toBe(3);
    expect((await get('/api/user', troll.auth)).statusCode).toBe(200);

    // The troll's comment: blocked.
    const blocked = await post(`/api/admin/user/${troll.user.id}/block`, admin.auth, { reason: 'Trolling' });
    expect(blocked.statusCode).toBe(200);
    expect(blocked.json().data.blocked_at).not.toBeNull();
    expect((await get('/api/user', troll.auth)).statusCode).toBe(401);
    expect(await placeStars(owner.placeId)).toBe(5);
    const db = await getDb();
    const [row] = await db.select().from(comments).where(eq(comments.id, trollComment));
    expect(row?.hiddenAt).not.toBeNull();
    const audit = await auditRows('user.block', troll.user.id);
    expect(audit).toHaveLength(1);
    expect(audit[0]?.after).toMatchObject({ reason: 'Trolling' });

    // The company: its place disappears from /api/place.
    expect(
      (await post(`/api/admin/user/${owner.user.id}/block`, admin.auth, { reason: 'Oszustwo' })).statusCode,
    ).toBe(200);
    expect((await get(`/api/place/${owner.placeId}`)).statusCode).toBe(404);
    const listed = (await get('/api/place?per_page=100&order_by=latest'))
      .json()
      .data.map((p: { id: number }) => p.id);
    expect(listed).not.toContain(owner.placeId);
    expect((await get('/api/event/get_mine', owner.auth)).statusCode).toBe(401);

    // Unblocking restores exactly what the block hid.
    expect((await post(`/api/admin/user/${owner.user.id}/unblock`, admin.auth)).statusCode).toBe(200);
    expect((await get(`/api/place/${owner.placeId}`)).statusCode).toBe(200);
    expect((await post(`/api/admin/user/${troll.user.id}/unblock`, admin.auth)).statusCode).toBe(200);
    expect(await placeStars(owner.placeId)).toBe(3);
    expect(await auditRows('user.unblock', troll.user.id)).toHaveLength(1);
    // The old token stays revoked.
    expect((await get('/api/user', troll.auth)).statusCode).toBe(401);
  });

  it('keeps items hidden for another reason hidden after an unblock, and refuses to restore while blocked', async () => {
    const admin = await createAccount('admin');
    const owner = await createOrganiser();
    const troll = await createAccount('user');
    const trollComment = await comment(troll.auth, owner.placeId, 1);
    expect((await post(`/api/admin/comment/${trollComment}/hide`, admin.auth)).statusCode).toBe(200);
    await post(`/api/admin/user/${troll.user.id}/block`, admin.auth, { reason: 'Spam' });
    expect((await post(`/api/admin/comment/${trollComment}/restore`, admin.auth)).statusCode).toBe(422);
    await post(`/api/admin/user/${troll.user.id}/unblock`, admin.auth);
    const db = await getDb();
    const [row] = await db.select().from(comments).where(eq(comments.id, trollComment));
    expect(row?.hiddenAt).not.toBeNull();
  });

  it('refuses to block an admin (422) and asks for a reason', async () => {
    const admin = await createAccount('admin');
    const other = await createAccount('admin');
    const user = await createAccount('user');
    expect(
      (await post(`/api/admin/user/${other.user.id}/block`, admin.auth, { reason: 'x' })).statusCode,
    ).toBe(422);
    expect(
      (await post(`/api/admin/user/${user.user.id}/block`, admin.auth, { reason: ' ' })).statusCode,
    ).toBe(422);
    expect((await post('/api/admin/user/999999/block', admin.auth, { reason: 'x' })).statusCode).toBe(404);
  });

  it('refuses a blocked account at password sign-in with a clear message', async () => {
    const { loginWithPassword } = await import('@/server/auth/password-login');
    const { hashPassword } = await import('@/server/auth/passwords');
    const { users } = await import('@/db/schema');
    const admin = await createAccount('admin');
    const user = await createAccount('user');
    const db = await getDb();
    await db
      .update(users)
      .set({ passwordHash: await hashPassword('Correct-horse-9') })
      .where(eq(users.id, user.user.id));
    await post(`/api/admin/user/${user.user.id}/block`, admin.auth, { reason: 'Spam' });
    await expect(
      loginWithPassword({
        email: user.user.email,
        password: 'Correct-horse-9',
        ip: '10.1.2.3',
        client: null,
      }),
    ).rejects.toMatchObject({ descriptionKey: 'auth.blocked', code: 'account.blocked' });
  });
});

describe('reporting one’s own content', () => {
  it('is a 422 and writes no report', async () => {
    const owner = await createOrganiser();
    const author = await createAccount('user');
    const own = await comment(author.auth, owner.placeId, 4);
    const refused = await report(author.auth, { target: 'comment', target_id: own, reason: 'spam' });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors.target_id).toBeDefined();
    const ownPlace = await report(owner.auth, { target: 'place', target_id: owner.placeId, reason: 'spam' });
    expect(ownPlace.statusCode).toBe(422);
    const db = await getDb();
    expect(await db.select().from(reports).where(eq(reports.reporterId, author.user.id))).toHaveLength(0);
  });
});
