import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { getDb } from '@/db/client';
import { attributes, events } from '@/db/schema';
import { eventSearchQuerySchema, placeSearchQuerySchema } from '@/lib/schemas/search';
import { listEventCards } from '@/server/events/event-cards';
import { listPlaces } from '@/server/places/list-places';
import { listLatestPlaceCards } from '@/server/places/place-cards';
import { searchEvents } from '@/server/search/search-events';
import { insertActor, insertEvent, insertPlace } from '@/test-support/fixtures';

// Issue 30 item 4: a card carries its attributes, selected with the rest of the row and named from the
// catalogue in the request's language, in catalogue order (accessibility, family, other).

async function idOf(slug: string): Promise<number> {
  const [row] = await (await getDb()).select().from(attributes).where(eq(attributes.slug, slug));
  if (!row) throw new Error(`no ${slug}`);
  return row.id;
}

describe('attributes on cards', () => {
  const tag = 'zxqcard';
  let withId = 0;
  let withoutId = 0;
  let eventId = 0;
  let bareEventId = 0;

  beforeAll(async () => {
    const company = await insertActor('company');
    const [stepFree, changing, parking] = await Promise.all([
      idOf('step_free_entrance'),
      idOf('changing_table'),
      idOf('parking'),
    ]);
    // Stored sorted by id, shown in catalogue order whatever the ids.
    const ids = [parking, changing, stepFree].sort((a, b) => a - b);
    withId = (await insertPlace(company.id, { name: `${tag} with`, verified: true, attributeIds: ids })).id;
    withoutId = (await insertPlace(company.id, { name: `${tag} without`, verified: true })).id;
    const db = await getDb();
    eventId = (await insertEvent(company.id, withId)).id;
    bareEventId = (await insertEvent(company.id, withoutId)).id;
    await db
      .update(events)
      .set({ name: `${tag} event`, attributeIds: [changing, stepFree].sort((a, b) => a - b) })
      .where(eq(events.id, eventId));
    await db
      .update(events)
      .set({ name: `${tag} bare` })
      .where(eq(events.id, bareEventId));
  });

  it('a searched place carries its attributes, named in the locale; one without has none', async () => {
    const search = placeSearchQuerySchema.parse({ search: tag, per_page: '50' });
    const pl = (await listPlaces({ ...search, locale: 'pl' })).data;
    const en = (await listPlaces({ ...search, locale: 'en' })).data;
    expect(pl.find((p) => p.id === withId)?.attributes).toEqual([
      {
        slug: 'step_free_entrance',
        name: 'Wejście bez schodów',
        icon: expect.any(String),
        group: 'accessibility',
      },
      { slug: 'changing_table', name: 'Przewijak', icon: 'baby', group: 'family' },
      { slug: 'parking', name: expect.any(String), icon: expect.any(String), group: 'other' },
    ]);
    expect(en.find((p) => p.id === withId)?.attributes.map((a) => a.name)).toContain('Baby changing table');
    expect(pl.find((p) => p.id === withoutId)?.attributes).toEqual([]);
  });

  it('a searched event carries its attributes; one without has none', async () => {
    const search = eventSearchQuerySchema.parse({ search: tag, per_page: '50' });
    const pl = (await searchEvents({ ...search, locale: 'pl' })).data;
    const en = (await searchEvents({ ...search, locale: 'en' })).data;
    expect(pl.find((e) => e.id === eventId)?.attributes.map((a) => [a.slug, a.name])).toEqual([
      ['step_free_entrance', 'Wejście bez schodów'],
      ['changing_table', 'Przewijak'],
    ]);
    expect(en.find((e) => e.id === eventId)?.attributes.map((a) => a.name)).toContain('Baby changing table');
    expect(pl.find((e) => e.id === bareEventId)?.attributes).toEqual([]);
  });

  it('the home page’s cards carry them too, cached apart per language', async () => {
    const places = await listLatestPlaceCards({ limit: 50, locale: 'en' });
    expect(places.find((p) => p.id === withId)?.attributes.map((a) => a.slug)).toEqual([
      'step_free_entrance',
      'changing_table',
      'parking',
    ]);
    expect(
      (await listLatestPlaceCards({ limit: 50, locale: 'pl' })).find((p) => p.id === withId)?.attributes[1]
        ?.name,
    ).toBe('Przewijak');
    const latest = await listEventCards({ order: 'latest', limit: 50, locale: 'pl' });
    expect(latest.find((e) => e.id === eventId)?.attributes.map((a) => a.name)).toContain('Przewijak');
    expect(latest.find((e) => e.id === bareEventId)?.attributes).toEqual([]);
  });
});
