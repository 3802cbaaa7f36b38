import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { getDb } from '@/db/client';
import { calendarEntries, eventFavourites, eventRegistration, events } from '@/db/schema';
import type { AuthUser } from '@/server/auth/access-tokens';
import { searchCacheCounts } from '@/server/search/search-cache';
import { insertActor, insertEvent, insertPlace } from '@/test-support/fixtures';
import { getEventDetail } from './get-event';

// Issue 32: what every visitor of an event's page sees is read once and kept until the data changes; the
// viewer's own state (favourite, calendar, the owner's texts in both languages) is read for each request.

let owner: AuthUser;
let anna: AuthUser;
let piotr: AuthUser;
let eventId: number;
let placeId: number;

beforeAll(async () => {
  owner = await insertActor('company');
  anna = await insertActor('user');
  piotr = await insertActor('user');
  placeId = (await insertPlace(owner.id)).id;
  eventId = (await insertEvent(owner.id, placeId)).id;
});

const detail = (viewerId: number | null = null) => getEventDetail({ id: eventId, locale: 'pl', viewerId });

describe('an event page’s shared record', () => {
  it('gives each viewer their own favourite and calendar state, and only the owner every language', async () => {
    const db = await getDb();
    await db.insert(eventFavourites).values({ userId: anna.id, eventId });
    await db.insert(calendarEntries).values({ userId: piotr.id, eventId });
    // Anonymous first, so the shared record is already kept when the others ask.
    expect(await detail()).toMatchObject({ is_favourite: false, in_calendar: false });
    expect(await detail(anna.id)).toMatchObject({ is_favourite: true, in_calendar: false });
    expect(await detail(piotr.id)).toMatchObject({ is_favourite: false, in_calendar: true });
    expect((await detail(anna.id)).texts).toBeUndefined();
    expect((await detail(owner.id)).texts?.pl).toMatchObject({ name: 'Koncert' });
    expect(await detail()).not.toHaveProperty('ownerTexts');
    // The viewers after the first were answered from the kept record.
    const before = searchCacheCounts();
    await detail(piotr.id);
    expect(searchCacheCounts().hits).toBeGreaterThan(before.hits);
    expect(searchCacheCounts().misses).toBe(before.misses);
  });

  it('shows this process’s own write on the very next read', async () => {
    await detail();
    const db = await getDb();
    await db.update(events).set({ name: 'Koncert na dachu' }).where(eq(events.id, eventId));
    // No waiting: the process's own write empties what it keeps before the statement runs and once it ends.
    expect((await detail()).name).toBe('Koncert na dachu');
  });

  it('shows a change made by another process (a NOTIFY from the trigger) and a place’s new name', async () => {
    await detail();
    const db = await getDb();
    // Raw statements bypass this process's write-watcher, as another process's writes do.
    await db.execute(sql`update places set name = 'Sala pod chmurką' where id = ${placeId}`);
    await expect.poll(async () => (await detail()).place.name).toBe('Sala pod chmurką');
    await db.execute(sql`update events set spots_left = 7 where id = ${eventId}`);
    await expect.poll(async () => (await detail(anna.id)).spots_left).toBe(7);
  });

  it('counts visits as they are written, though the counter’s writes keep the record', async () => {
    const before = (await detail()).visit_count;
    const db = await getDb();
    // As the counter writes (stats/counter.ts): no trigger announces it, and nothing is emptied.
    await db.execute(sql`update events set visit_count = visit_count + 3 where id = ${eventId}`);
    expect((await detail(anna.id)).visit_count).toBe(before + 3);
  });

  it('shows the places left after this process’s own registration write at once (set by its triggers)', async () => {
    await detail();
    const db = await getDb();
    // The trigger of migration 0026 writes events.spots_left, where the write-watcher cannot see it.
    await db.insert(eventRegistration).values({ eventId, capacity: 30 });
    expect((await detail(anna.id)).spots_left).toBe(30);
  });

  it('answers a hidden event as not found at once', async () => {
    await detail();
    const db = await getDb();
    await db.execute(sql`update events set hidden_at = now() where id = ${eventId}`);
    await expect
      .poll(() =>
        detail().then(
          () => 'shown',
          () => 'not found',
        ),
      )
      .toBe('not found');
  });
});
