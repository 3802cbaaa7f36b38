import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { getDb } from '@/db/client';
import { comments, placeFavourites, places } from '@/db/schema';
import type { AuthUser } from '@/server/auth/access-tokens';
import { searchCacheCounts } from '@/server/search/search-cache';
import { insertActor, insertEvent, insertPlace } from '@/test-support/fixtures';
import { getPlaceDetail } from './get-place';

// Issue 32: what every visitor of a place's page sees is read once a minute and kept until the data
// changes; the viewer's favourite and the owner's texts in both languages are read for each request.

let owner: AuthUser;
let anna: AuthUser;
let placeId: number;

beforeAll(async () => {
  owner = await insertActor('company');
  anna = await insertActor('user');
  placeId = (await insertPlace(owner.id, { name: 'Sala Koncertowa' })).id;
});

const detail = (viewerId: number | null = null) => getPlaceDetail({ id: placeId, locale: 'pl', viewerId });

describe('a place page’s shared record', () => {
  it('gives each viewer their own favourite, only the owner every language, and is read once for all', async () => {
    const db = await getDb();
    await db.insert(placeFavourites).values({ userId: anna.id, placeId });
    expect((await detail()).is_favourite).toBe(false);
    const before = searchCacheCounts();
    expect((await detail(anna.id)).is_favourite).toBe(true);
    expect(searchCacheCounts().misses).toBe(before.misses);
    expect((await detail(anna.id)).texts).toBeUndefined();
    expect((await detail(owner.id)).texts?.pl).toMatchObject({ name: 'Sala Koncertowa' });
    expect(await detail(owner.id)).not.toHaveProperty('ownerTexts');
  });

  it('counts visits as they are written, though the counter’s writes keep the record', async () => {
    const before = (await detail()).visit_count;
    const db = await getDb();
    await db.execute(sql`update places set visit_count = visit_count + 3 where id = ${placeId}`);
    expect((await detail()).visit_count).toBe(before + 3);
  });

  it('shows this process’s own write on the very next read', async () => {
    await detail();
    const db = await getDb();
    await db.update(places).set({ name: 'Sala Kameralna' }).where(eq(places.id, placeId));
    expect((await detail()).name).toBe('Sala Kameralna');
  });

  it('shows another process’s change (the trigger’s NOTIFY): a new event, a new review', async () => {
    expect((await detail()).events_count).toBe(0);
    // Written outside this process's write-watcher, as another process writes.
    const event = await insertEvent(owner.id, placeId);
    const db = await getDb();
    await db.execute(sql`update events set name = 'Kwartet smyczkowy' where id = ${event.id}`);
    await expect.poll(async () => (await detail()).events.map((e) => e.name)).toEqual(['Kwartet smyczkowy']);
    await db.execute(
      sql`insert into ${comments} (place_id, user_id, stars, comment) values (${placeId}, ${anna.id}, 5, 'Świetna akustyka')`,
    );
    await expect
      .poll(async () => (await detail(anna.id)).comments.map((c) => c.comment))
      .toEqual(['Świetna akustyka']);
  });
});
