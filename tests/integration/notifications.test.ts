import { describe, expect, it } from 'vitest';
import { getDb } from '@/db/client';
import { notifications } from '@/db/schema';
import { notificationsPerPage } from '@/server/notifications/list-notifications';
import { createAccount, portalOrigin, setupApi } from '../helpers/api';
import { setupTestDb } from '../helpers/db';

// Issue 29: GET /api/notification/all pages all the attendee's notifications; POST
// /api/notification/read_all marks them read; GET /api/notification keeps the spec's answer (§7, §9).

setupTestDb();
const api = setupApi();

async function seedNotifications(userId: number, n: number, { readEvery = 0 } = {}) {
  const db = await getDb();
  const start = Date.UTC(2031, 0, 1);
  await db.insert(notifications).values(
    Array.from({ length: n }, (_, i) => ({
      userId,
      type: 'event_reminder',
      params: { event: `Koncert ${i + 1}` },
      createdAt: new Date(start + i * 60_000),
      readAt: readEvery && i % readEvery === 0 ? new Date(start + i * 60_000) : null,
    })),
  );
}

describe('GET /api/notification/all', () => {
  it('pages every notification, read and unread, newest first, and answers the last page past the end', async () => {
    const { user, auth } = await createAccount('user');
    await seedNotifications(user.id, notificationsPerPage + 3, { readEvery: 2 });
    const first = await api().inject({
      url: '/api/notification/all',
      headers: { ...auth, 'accept-language': 'en' },
    });
    expect(first.statusCode).toBe(200);
    const body = first.json();
    expect(body).toMatchObject({
      current_page: 1,
      last_page: 2,
      per_page: notificationsPerPage,
      total: notificationsPerPage + 3,
      total_exact: true,
    });
    expect(body.data).toHaveLength(notificationsPerPage);
    expect(body.data[0]).toMatchObject({
      message: `Tomorrow: Koncert ${notificationsPerPage + 3}`,
      read: true,
    });
    expect(body.data[1]).toMatchObject({ read: false });

    const past = await api().inject({ url: '/api/notification/all?page=9', headers: auth });
    expect(past.json()).toMatchObject({ current_page: 2, last_page: 2 });
    expect(past.json().data).toHaveLength(3);
  });

  it('refuses a page that is not a whole number from 1 with 422 and the field named', async () => {
    const { auth } = await createAccount('user');
    for (const page of ['0', 'abc', '-1', '1.5']) {
      const res = await api().inject({ url: `/api/notification/all?page=${page}`, headers: auth });
      expect(res.statusCode, page).toBe(422);
      expect(Object.keys(res.json().errors), page).toEqual(['page']);
    }
  });

  it('is for signed-in attendees only', async () => {
    expect((await api().inject({ url: '/api/notification/all' })).statusCode).toBe(401);
    const company = await createAccount('company');
    expect((await api().inject({ url: '/api/notification/all', headers: company.auth })).statusCode).toBe(
      403,
    );
  });
});

describe('POST /api/notification/read_all', () => {
  it('marks all of the caller’s unread notifications read and no one else’s; the bell empties', async () => {
    const me = await createAccount('user');
    const other = await createAccount('user');
    await seedNotifications(me.user.id, 8);
    await seedNotifications(other.user.id, 2);
    const before = await api().inject({ url: '/api/notification', headers: me.auth });
    expect(before.json().total).toBe(8);
    // The spec's answer is unchanged: at most 6, newest first.
    expect(before.json().data).toHaveLength(6);

    const marked = await api().inject({
      method: 'POST',
      url: '/api/notification/read_all',
      headers: me.auth,
    });
    expect(marked.statusCode).toBe(200);
    expect(marked.json()).toEqual({ data: { marked: 8 } });
    expect((await api().inject({ url: '/api/notification', headers: me.auth })).json()).toEqual({
      total: 0,
      data: [],
    });
    expect((await api().inject({ url: '/api/notification', headers: other.auth })).json().total).toBe(2);
    const all = await api().inject({ url: '/api/notification/all', headers: me.auth });
    expect(all.json().total).toBe(8);
    expect(all.json().data.every((n: { read: boolean }) => n.read)).toBe(true);
  });

  it('takes a cookie-authenticated call only from the portal’s own pages', async () => {
    const { user, token } = await createAccount('user');
    await seedNotifications(user.id, 2);
    const cookie = `token=${token}`;
    const foreign = await api().inject({
      method: 'POST',
      url: '/api/notification/read_all',
      headers: { cookie, origin: 'https://evil.example' },
    });
    expect(foreign.statusCode).toBe(403);
    expect((await api().inject({ url: '/api/notification', headers: { cookie } })).json().total).toBe(2);
    const own = await api().inject({
      method: 'POST',
      url: '/api/notification/read_all',
      headers: { cookie, ...portalOrigin() },
    });
    expect(own.json()).toEqual({ data: { marked: 2 } });
  });

  it('is for signed-in attendees only', async () => {
    expect((await api().inject({ method: 'POST', url: '/api/notification/read_all' })).statusCode).toBe(401);
    const company = await createAccount('company');
    const res = await api().inject({
      method: 'POST',
      url: '/api/notification/read_all',
      headers: company.auth,
    });
    expect(res.statusCode).toBe(403);
  });
});

describe('the OpenAPI document', () => {
  it('documents the page of all notifications and "mark all as read"', async () => {
    const docs = (await api().inject({ url: '/api/docs/json' })).json();
    const all = docs.paths['/api/notification/all'].get;
    expect(all.tags).toEqual(['notifications']);
    expect(all.parameters.map((p: { name: string }) => p.name).sort()).toEqual(['page', 'per_page']);
    expect(all.responses['200']).toBeDefined();
    const readAll = docs.paths['/api/notification/read_all'].post;
    expect(readAll.tags).toEqual(['notifications']);
    expect(readAll.responses['200']).toBeDefined();
  });
});
