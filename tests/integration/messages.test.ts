import { and, count, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { getDb } from '@/db/client';
import { conversations, messages, users } from '@/db/schema';
import { seededPlans } from '@/test-support/fixtures';
import { createAccount, createOrganiser, setupApi } from '../helpers/api';
import { setupTestDb } from '../helpers/db';

// Spec §2 /messages, §3 conversation summary and message, §6 messenger_access, §7 GET /api/message,
// GET /api/message/getDetails/{id}, POST /api/message.

setupTestDb();
const api = setupApi();

let messengerPlanId: number;

beforeAll(async () => {
  messengerPlanId = (await seededPlans()).messengerPlan.id;
});

/** A company whose plan lets attendees write to it (or, with `messenger: false`, the default plan). */
async function company({ messenger = true } = {}) {
  const organiser = await createOrganiser();
  const db = await getDb();
  await db
    .update(users)
    .set({ premiumSettingId: messenger ? messengerPlanId : null })
    .where(eq(users.id, organiser.user.id));
  return organiser;
}

function send(auth: Record<string, string>, userId: number, message: unknown) {
  return api().inject({
    method: 'POST',
    url: '/api/message',
    headers: auth,
    payload: { user_id: userId, message },
  });
}

const list = (auth: Record<string, string>) => api().inject({ url: '/api/message', headers: auth });
const details = (auth: Record<string, string>, userId: number) =>
  api().inject({ url: `/api/message/getDetails/${userId}`, headers: auth });

async function messagesBetween(a: number, b: number) {
  const db = await getDb();
  const [row] = await db
    .select({ n: count() })
    .from(messages)
    .innerJoin(conversations, eq(conversations.id, messages.conversationId))
    .where(and(eq(conversations.userLowId, Math.min(a, b)), eq(conversations.userHighId, Math.max(a, b))));
  return row?.n ?? 0;
}

describe('messages between an attendee and a company', () => {
  it('asks without signing in: 401 for every call', async () => {
    const owner = await company();
    expect((await list({})).statusCode).toBe(401);
    expect((await details({}, owner.user.id)).statusCode).toBe(401);
    expect((await send({}, owner.user.id, 'Dzień dobry')).statusCode).toBe(401);
  });

  it('lets an attendee ask a company whose plan has messenger_access, and the company answer', async () => {
    const owner = await company();
    const attendee = await createAccount('user');

    const sent = await send(attendee.auth, owner.user.id, '  Czy koncert jest dla dzieci?  ');
    expect(sent.statusCode).toBe(201);
    expect(sent.json().data).toMatchObject({
      message: 'Czy koncert jest dla dzieci?',
      author: `Test ${attendee.user.lastName}`,
      pivot: { sender: true },
    });

    // The company sees one unread conversation named after the attendee.
    const inbox = await list(owner.auth);
    expect(inbox.statusCode).toBe(200);
    expect(inbox.json().data).toEqual([
      {
        id: attendee.user.id,
        name: `Test ${attendee.user.lastName}`,
        date: expect.stringMatching(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$/),
        last_message_at: expect.any(String),
        read: false,
      },
    ]);

    // Opening it shows the thread and marks it read.
    const thread = await details(owner.auth, attendee.user.id);
    expect(thread.statusCode).toBe(200);
    expect(thread.json().user).toEqual({ id: attendee.user.id, name: `Test ${attendee.user.lastName}` });
    expect(thread.json().data.map((m: { pivot: { sender: boolean } }) => m.pivot.sender)).toEqual([false]);
    expect((await list(owner.auth)).json().data[0].read).toBe(true);

    // The company answers; the attendee's conversation is unread until opened, oldest message first.
    expect((await send(owner.auth, attendee.user.id, 'Tak, od 6 lat.')).statusCode).toBe(201);
    const attendeeInbox = (await list(attendee.auth)).json().data;
    expect(attendeeInbox).toHaveLength(1);
    expect(attendeeInbox[0]).toMatchObject({ id: owner.user.id, name: owner.user.companyName, read: false });
    const attendeeThread = (await details(attendee.auth, owner.user.id)).json().data;
    expect(attendeeThread.map((m: { message: string }) => m.message)).toEqual([
      'Czy koncert jest dla dzieci?',
      'Tak, od 6 lat.',
    ]);
    expect(attendeeThread.map((m: { author: string }) => m.author)).toEqual([
      `Test ${attendee.user.lastName}`,
      owner.user.companyName,
    ]);
    expect(attendeeThread.map((m: { pivot: { sender: boolean } }) => m.pivot.sender)).toEqual([true, false]);
    expect((await list(attendee.auth)).json().data[0].read).toBe(true);
  });

  it('lists conversations newest first', async () => {
    const attendee = await createAccount('user');
    const first = await company();
    const second = await company();
    expect((await send(attendee.auth, first.user.id, 'Pierwsza')).statusCode).toBe(201);
    expect((await send(attendee.auth, second.user.id, 'Druga')).statusCode).toBe(201);
    expect((await list(attendee.auth)).json().data.map((c: { id: number }) => c.id)).toEqual([
      second.user.id,
      first.user.id,
    ]);
    expect((await send(attendee.auth, first.user.id, 'Trzecia')).statusCode).toBe(201);
    expect((await list(attendee.auth)).json().data.map((c: { id: number }) => c.id)).toEqual([
      first.user.id,
      second.user.id,
    ]);
  });
});

describe('who may write to whom', () => {
  it('refuses a company without messenger_access (403) and writes nothing', async () => {
    const owner = await company({ messenger: false });
    const attendee = await createAccount('user');
    const res = await send(attendee.auth, owner.user.id, 'Halo?');
    expect(res.statusCode).toBe(403);
    expect((await details(attendee.auth, owner.user.id)).statusCode).toBe(403);
    expect(await messagesBetween(attendee.user.id, owner.user.id)).toBe(0);
  });

  it('lets no company start a conversation, nor an attendee write to an attendee; unknown or oneself is 404', async () => {
    const owner = await company();
    const attendee = await createAccount('user');
    const other = await createAccount('user');
    expect((await send(owner.auth, attendee.user.id, 'Promocja!')).statusCode).toBe(403);
    expect((await send(attendee.auth, other.user.id, 'Cześć')).statusCode).toBe(403);
    expect((await send(attendee.auth, 2_000_000_000, 'Cześć')).statusCode).toBe(404);
    expect((await send(attendee.auth, attendee.user.id, 'Cześć')).statusCode).toBe(404);
    expect((await details(owner.auth, attendee.user.id)).statusCode).toBe(403);
  });

  it('shows nobody a conversation they are not in', async () => {
    const owner = await company();
    const attendee = await createAccount('user');
    const stranger = await createAccount('user');
    expect((await send(attendee.auth, owner.user.id, 'Prywatne pytanie')).statusCode).toBe(201);
    // The stranger may write to the company too, but sees only an empty conversation of their own.
    const own = await details(stranger.auth, owner.user.id);
    expect(own.statusCode).toBe(200);
    expect(own.json()).toMatchObject({ can_write: true, data: [] });
    expect((await list(stranger.auth)).json().data).toEqual([]);
  });

  it('keeps one conversation per pair when two first messages arrive at once', async () => {
    const owner = await company();
    const attendee = await createAccount('user');
    const results = await Promise.all([
      send(attendee.auth, owner.user.id, 'Raz'),
      send(attendee.auth, owner.user.id, 'Dwa'),
    ]);
    expect(results.map((r) => r.statusCode)).toEqual([201, 201]);
    const db = await getDb();
    const pair = await db
      .select()
      .from(conversations)
      .where(eq(conversations.userLowId, Math.min(attendee.user.id, owner.user.id)));
    expect(pair.filter((c) => c.userHighId === Math.max(attendee.user.id, owner.user.id))).toHaveLength(1);
    expect((await details(attendee.auth, owner.user.id)).json().data).toHaveLength(2);
  });
});

describe('what a message must be', () => {
  it('requires the text and limits its length, with field errors and nothing written', async () => {
    const owner = await company();
    const attendee = await createAccount('user');
    for (const message of ['', '   ', 'x'.repeat(2001), 42, null]) {
      const res = await send(attendee.auth, owner.user.id, message);
      expect(res.statusCode, JSON.stringify(message)).toBe(422);
      expect(res.json().errors.message).toHaveLength(1);
    }
    const missing = await api().inject({
      method: 'POST',
      url: '/api/message',
      headers: attendee.auth,
      payload: { message: 'Bez adresata' },
    });
    expect(missing.statusCode).toBe(422);
    expect(missing.json().errors.user_id).toHaveLength(1);
    expect((await list(attendee.auth)).json().data).toEqual([]);
  });

  it('limits how many messages one person sends a minute (429 after 10)', async () => {
    const owner = await company();
    const attendee = await createAccount('user');
    for (let i = 0; i < 10; i++) {
      expect((await send(attendee.auth, owner.user.id, `Wiadomość ${i}`)).statusCode).toBe(201);
    }
    const eleventh = await send(attendee.auth, owner.user.id, 'Jeszcze jedna');
    expect(eleventh.statusCode).toBe(429);
    expect((await details(attendee.auth, owner.user.id)).json().data).toHaveLength(10);
  });
});
