import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Api, buildApi } from '@/api/app';
import { getDb } from '@/db/client';
import { notifications, premiumSettings, users } from '@/db/schema';
import { announceLiveChange } from '@/server/live/announce';
import { createAccount, createOrganiser } from '../helpers/api';
import { setupTestDb } from '../helpers/db';

// Spec §2 top bar counts, issue 12 point 2: GET /api/live streams the unread messages and the bell's
// count as server-sent events; writes announce themselves with NOTIFY, so any process's streams hear them.
// Spec §7 GET /api/notification with read marking by id.

setupTestDb();

// Short keep-alives, so that a revoked session ends its stream within the test.
const live = { keepAliveMs: 200, maxStreamsPerUser: 2 };
let api: Api;
let base: string;

async function startApi(): Promise<{ app: Api; url: string }> {
  const app = await buildApi({ logger: false, live });
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  return { app, url: address };
}

/** Closes an instance; fetch keeps its connections alive, which would keep `close()` waiting. */
async function closeApi(app: Api | undefined) {
  app?.server.closeAllConnections();
  await app?.close();
}

beforeAll(async () => {
  ({ app: api, url: base } = await startApi());
});
afterAll(async () => {
  await closeApi(api);
});

interface Stream {
  status: number;
  headers: Headers;
  /** The next event's data, parsed; null when the stream ended first. */
  next(timeoutMs?: number): Promise<unknown>;
  /** Resolves when the server ends the stream. */
  ended(timeoutMs?: number): Promise<void>;
  close(): void;
}

/** Reads GET /api/live as a browser's EventSource would: events are blocks ending in a blank line. */
async function openStream(headers: Record<string, string>, url = base): Promise<Stream> {
  const abort = new AbortController();
  const res = await fetch(`${url}/api/live`, { headers, signal: abort.signal });
  const reader = res.body?.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  let done = false;
  const within = <T>(promise: Promise<T>, ms: number) =>
    Promise.race([
      promise,
      new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`no event in ${ms} ms`)), ms)),
    ]);
  const block = async (): Promise<string | null> => {
    for (;;) {
      const end = buffer.indexOf('\n\n');
      if (end >= 0) {
        const text = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        return text;
      }
      if (done || !reader) return null;
      const chunk = await reader.read();
      if (chunk.done) done = true;
      else buffer += decoder.decode(chunk.value, { stream: true });
    }
  };
  const nextData = async (): Promise<unknown> => {
    for (;;) {
      const text = await block();
      if (text === null) return null;
      const data = text
        .split('\n')
        .filter((line) => line.startsWith('data:'))
        .map((line) => line.slice(5).trim());
      if (data.length) return JSON.parse(data.join('\n'));
    }
  };
  return {
    status: res.status,
    headers: res.headers,
    next: (ms = 5_000) => within(nextData(), ms),
    ended: (ms = 5_000) =>
      within(
        (async () => {
          while ((await block()) !== null);
        })(),
        ms,
      ),
    close: () => abort.abort(),
  };
}

async function messengerCompany() {
  const owner = await createOrganiser();
  const db = await getDb();
  const [plan] = await db
    .select({ id: premiumSettings.id })
    .from(premiumSettings)
    .where(eq(premiumSettings.messengerAccess, true))
    .limit(1);
  await db.update(users).set({ premiumSettingId: plan?.id }).where(eq(users.id, owner.user.id));
  return owner;
}

/** A notification written as the portal writes them: in a transaction that announces it. */
async function notify(userId: number) {
  const db = await getDb();
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(notifications)
      .values({ userId, type: 'event_reminder', params: { event: 'Koncert' } })
      .returning();
    await announceLiveChange(tx, [userId]);
    return row!;
  });
}

const sendMessage = (app: Api, auth: Record<string, string>, userId: number, message: string) =>
  app.inject({ method: 'POST', url: '/api/message', headers: auth, payload: { user_id: userId, message } });

describe('GET /api/live', () => {
  it('answers 401 without a session and never opens a stream', async () => {
    const res = await fetch(`${base}/api/live`, { headers: { 'accept-language': 'en' } });
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({ message: 'Please sign in to continue.' });
  });

  it('sends the counts at once, by bearer token or the pages’ cookie, and once=1 answers them as JSON', async () => {
    const { user, token, auth } = await createAccount('user');
    await notify(user.id);
    const stream = await openStream(auth);
    expect(stream.status).toBe(200);
    expect(stream.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    expect(stream.headers.get('x-content-type-options')).toBe('nosniff');
    expect(await stream.next()).toEqual({ messages: 0, notifications: 1 });
    stream.close();

    const byCookie = await openStream({ cookie: `token=${token}` });
    expect(await byCookie.next()).toEqual({ messages: 0, notifications: 1 });
    byCookie.close();

    const once = await api.inject({ url: '/api/live?once=1', headers: auth });
    expect(once.statusCode).toBe(200);
    expect(once.json()).toEqual({ messages: 0, notifications: 1 });
  });

  it('sends the new unread count when a message arrives and when the conversation is read', async () => {
    const owner = await messengerCompany();
    const attendee = await createAccount('user');
    const stream = await openStream(owner.auth);
    expect(await stream.next()).toEqual({ messages: 0, notifications: 0 });

    expect((await sendMessage(api, attendee.auth, owner.user.id, 'Czy są bilety?')).statusCode).toBe(201);
    expect(await stream.next()).toEqual({ messages: 1, notifications: 0 });
    expect((await sendMessage(api, attendee.auth, owner.user.id, 'I parking?')).statusCode).toBe(201);
    expect(await stream.next()).toEqual({ messages: 2, notifications: 0 });

    const read = await api.inject({
      url: `/api/message/getDetails/${attendee.user.id}`,
      headers: owner.auth,
    });
    expect(read.statusCode).toBe(200);
    expect(await stream.next()).toEqual({ messages: 0, notifications: 0 });
    stream.close();
  });

  it('sends the bell’s count when a notification is added, read or deleted', async () => {
    const { user, auth } = await createAccount('user');
    const stream = await openStream(auth);
    expect(await stream.next()).toEqual({ messages: 0, notifications: 0 });
    const first = await notify(user.id);
    expect(await stream.next()).toEqual({ messages: 0, notifications: 1 });
    const second = await notify(user.id);
    expect(await stream.next()).toEqual({ messages: 0, notifications: 2 });

    await api.inject({ url: `/api/notification?read=${first.id}`, headers: auth });
    expect(await stream.next()).toEqual({ messages: 0, notifications: 1 });
    await api.inject({ method: 'DELETE', url: `/api/notification/${second.id}`, headers: auth });
    expect(await stream.next()).toEqual({ messages: 0, notifications: 0 });
    stream.close();
  });

  it('ends the stream once its session is revoked (logout)', async () => {
    const { token, auth } = await createAccount('user');
    const stream = await openStream(auth);
    expect(await stream.next()).toEqual({ messages: 0, notifications: 0 });
    const logout = await api.inject({ method: 'POST', url: '/api/logout', headers: auth });
    expect(logout.statusCode).toBe(204);
    await stream.ended(3_000);
    const after = await fetch(`${base}/api/live`, { headers: { cookie: `token=${token}` } });
    expect(after.status).toBe(401);
    await after.body?.cancel();
  });

  it('refuses more streams per person than the limit, and takes one again once a tab closes', async () => {
    const { auth } = await createAccount('user');
    const tabs = [await openStream(auth), await openStream(auth)];
    for (const tab of tabs) await tab.next();
    const third = await fetch(`${base}/api/live`, { headers: { ...auth, 'accept-language': 'en' } });
    expect(third.status).toBe(429);
    expect(await third.json()).toEqual({ message: 'Too many attempts. Please try again in 5 s.' });
    tabs[0]?.close();
    await expect
      .poll(async () => {
        const again = await openStream(auth);
        again.close();
        return again.status;
      })
      .toBe(200);
    tabs[1]?.close();
  });

  it.runIf(process.env.DATABASE_URL)(
    'reaches a stream on one API process when the message is sent through another (LISTEN/NOTIFY)',
    async () => {
      const other = await startApi();
      try {
        const owner = await messengerCompany();
        const attendee = await createAccount('user');
        const stream = await openStream(owner.auth, base);
        expect(await stream.next()).toEqual({ messages: 0, notifications: 0 });
        const sent = await sendMessage(other.app, attendee.auth, owner.user.id, 'Przez drugi proces');
        expect(sent.statusCode).toBe(201);
        expect(await stream.next()).toEqual({ messages: 1, notifications: 0 });
        stream.close();
      } finally {
        await closeApi(other.app);
      }
    },
  );
});

describe('GET /api/notification?read=<id>', () => {
  it('marks the caller’s notification read, which leaves the list and the count; another’s id changes nothing', async () => {
    const owner = await createAccount('user');
    const other = await createAccount('user');
    const kept = await notify(owner.user.id);
    const opened = await notify(owner.user.id);

    const foreign = await api.inject({ url: `/api/notification?read=${opened.id}`, headers: other.auth });
    expect(foreign.statusCode).toBe(200);
    expect(foreign.json()).toEqual({ total: 0, data: [] });
    const db = await getDb();
    const [untouched] = await db.select().from(notifications).where(eq(notifications.id, opened.id));
    expect(untouched?.readAt).toBeNull();

    const res = await api.inject({ url: `/api/notification?read=${opened.id}`, headers: owner.auth });
    expect(res.statusCode).toBe(200);
    expect(res.json().total).toBe(1);
    expect(res.json().data.map((n: { id: number }) => n.id)).toEqual([kept.id]);
    const [marked] = await db.select().from(notifications).where(eq(notifications.id, opened.id));
    expect(marked?.readAt).toBeInstanceOf(Date);

    // Marking it again, or an id that does not exist, answers the same list.
    const again = await api.inject({ url: `/api/notification?read=${opened.id}`, headers: owner.auth });
    expect(again.json()).toEqual(res.json());
  });

  it('answers 422 for a malformed id', async () => {
    const { auth } = await createAccount('user');
    const res = await api.inject({ url: '/api/notification?read=abc', headers: auth });
    expect(res.statusCode).toBe(422);
  });
});
