import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { and, count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { getDb } from '@/db/client';
import { calendarEntries, events, notifications, users } from '@/db/schema';
import { runReminders } from '@/server/reminders/run-reminders';
import { insertActor, insertEvent, insertPlace } from '@/test-support/fixtures';
import { setupTestDb } from '../helpers/db';
import { setupSmtp } from '../helpers/smtp';

// Issue 12 point 3: the day before an event in a user's calendar, a notification and a mail, sent once
// however often and by however many processes the job runs.

const testDb = setupTestDb();
const smtp = setupSmtp();

const run = promisify(execFile);
const hour = 3_600_000;
let nextWeek = 0;

/** A moment of its own for each test, far from the others' events, so runs do not see each other's. */
function freshNow(): Date {
  nextWeek++;
  return new Date(Date.UTC(2100, 0, 1) + nextWeek * 7 * 24 * hour);
}

/** An attendee with the event starting at `start` in their calendar. */
async function calendarWith(start: Date, { mailUpdates = true } = {}) {
  const owner = await insertActor('company');
  const place = await insertPlace(owner.id);
  const event = await insertEvent(owner.id, place.id);
  const db = await getDb();
  await db
    .update(events)
    .set({ name: `Koncert ${event.id}`, startDate: start, endDate: new Date(start.getTime() + 2 * hour) })
    .where(eq(events.id, event.id));
  const user = await insertActor('user', { mailUpdates });
  await db.insert(calendarEntries).values({ userId: user.id, eventId: event.id });
  return { user, eventId: event.id, eventName: `Koncert ${event.id}` };
}

const root = path.resolve(import.meta.dirname, '../..');

/** Runs the reminder job once in a separate Node process on the database at `url`; its result. */
async function runInProcess(url: string, now: Date): Promise<{ reminded: number; mailed: number }> {
  const script = `
    const { openPostgres, setDbHandle } = await import('@/db/client');
    const { runReminders } = await import('@/server/reminders/run-reminders');
    const handle = await openPostgres(process.env.RUN_DB_URL, { max: 2 });
    setDbHandle(handle);
    const result = await runReminders({ now: new Date(process.env.RUN_AT) });
    await handle.close();
    process.stdout.write(JSON.stringify(result));
  `;
  const { stdout } = await run(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
    cwd: root,
    env: {
      ...process.env,
      TSX_TSCONFIG_PATH: 'tsconfig.node.json',
      RUN_DB_URL: url,
      RUN_AT: now.toISOString(),
    },
  });
  return JSON.parse(stdout);
}

async function remindersOf(userId: number) {
  const db = await getDb();
  const [row] = await db
    .select({ n: count() })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), eq(notifications.type, 'event_reminder')));
  return row?.n ?? 0;
}

describe('day-before reminders', () => {
  it('reminds once of an event starting within a day, however often the job runs', async () => {
    const now = freshNow();
    const { user, eventId, eventName } = await calendarWith(new Date(now.getTime() + 20 * hour));

    expect(await runReminders({ now })).toEqual({ reminded: 1, mailed: 1 });
    expect(await runReminders({ now: new Date(now.getTime() + 10 * 60_000) })).toEqual({
      reminded: 0,
      mailed: 0,
    });

    expect(await remindersOf(user.id)).toBe(1);
    const db = await getDb();
    const [notice] = await db.select().from(notifications).where(eq(notifications.userId, user.id));
    expect(notice).toMatchObject({ eventId, params: { event: eventName } });
    const mails = await smtp.mailsTo(user.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.text).toContain(eventName);
    expect(mails[0]?.text).toContain(`/event/${eventId}`);
    expect(mails[0]?.text).toMatch(/\/unsubscribe\?token=\d+\.[\w-]+/);
    // Issue 26 item 14: a reminder is mail sent by choice, with RFC 8058's one-click headers.
    expect(mails[0]?.headers.get('list-unsubscribe')?.[0]).toMatch(
      /^<http.+\/api\/unsubscribe\?token=\d+\.[\w-]+>$/,
    );
    expect(mails[0]?.headers.get('list-unsubscribe-post')).toEqual(['List-Unsubscribe=One-Click']);
  });

  it('sends one reminder when two processes run the job at the same moment', async () => {
    const now = freshNow();
    const { user } = await calendarWith(new Date(now.getTime() + 5 * hour));

    const runs = await Promise.all([runReminders({ now }), runReminders({ now })]);

    expect(runs.reduce((sum, r) => sum + r.reminded, 0)).toBe(1);
    expect(await remindersOf(user.id)).toBe(1);
    expect(await smtp.mailsTo(user.email)).toHaveLength(1);
  });

  // Two real processes on one PostgreSQL: each opens its own connection and runs the job once.
  it.runIf(process.env.DATABASE_URL)(
    'sends one reminder when two server processes run the job at once',
    async () => {
      const now = freshNow();
      const { user } = await calendarWith(new Date(now.getTime() + 5 * hour));
      const url = testDb.url();
      if (!url) throw new Error('no database address');
      const runs = await Promise.all([runInProcess(url, now), runInProcess(url, now)]);
      expect(runs.reduce((sum, r) => sum + r.reminded, 0)).toBe(1);
      expect(await remindersOf(user.id)).toBe(1);
      expect(await smtp.mailsTo(user.email)).toHaveLength(1);
    },
  );

  it('does not remind of an event that has started or is more than a day away', async () => {
    const now = freshNow();
    const started = await calendarWith(new Date(now.getTime() - 60_000));
    const later = await calendarWith(new Date(now.getTime() + 25 * hour));

    await runReminders({ now });

    expect(await remindersOf(started.user.id)).toBe(0);
    expect(await remindersOf(later.user.id)).toBe(0);
    expect(await smtp.mailsTo(later.user.email)).toHaveLength(0);
  });

  it('catches up after a pause: a run a day late still reminds of an event not yet started', async () => {
    const now = freshNow();
    const { user } = await calendarWith(new Date(now.getTime() + 30 * 60_000));

    await runReminders({ now });

    expect(await remindersOf(user.id)).toBe(1);
  });

  it('notifies but does not mail a user who turned mail updates off', async () => {
    const now = freshNow();
    const { user } = await calendarWith(new Date(now.getTime() + 3 * hour), { mailUpdates: false });

    expect(await runReminders({ now })).toEqual({ reminded: 1, mailed: 0 });

    expect(await remindersOf(user.id)).toBe(1);
    expect(await smtp.mailsTo(user.email)).toHaveLength(0);
    const db = await getDb();
    const [row] = await db.select({ on: users.mailUpdates }).from(users).where(eq(users.id, user.id));
    expect(row?.on).toBe(false);
  });
});
