import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { getDb, rowsOf } from '@/db/client';
import { events } from '@/db/schema';
import { eventSearchQuerySchema } from '@/lib/schemas/search';
import { insertActor, insertEvent, insertPlace } from '@/test-support/fixtures';
import { searchEvents } from './search-events';

// Issue 32: event_words follows the events through the triggers, and a search answered from it finds what the
// same search answered from the events finds.

const search = ({ locale, ...query }: Record<string, string>) =>
  searchEvents({ ...eventSearchQuerySchema.parse(query), locale: locale === 'en' ? 'en' : 'pl' }, new Date());

async function wordsOf(eventId: number) {
  const db = await getDb();
  return rowsOf<{ word: string; lcp: number; langs: number }>(
    await db.execute(
      sql`select word, lcp, langs from event_words where event_id = ${eventId} order by word collate "C"`,
    ),
  );
}

async function newEvent(values: Partial<typeof events.$inferInsert>) {
  const owner = await insertActor('company');
  const place = await insertPlace(owner.id, { name: 'Sala', city: 'Gdańsk' });
  const event = await insertEvent(owner.id, place.id);
  const db = await getDb();
  await db
    .update(events)
    .set({ placeName: 'Sala', ...values })
    .where(eq(events.id, event.id));
  return event.id;
}

describe('event_words', () => {
  it('holds each word of a public event once, with the letters it shares with the word before it', async () => {
    const id = await newEvent({
      name: 'Koncert koncertowy',
      description: '<p>Koncerty <strong>w</strong> sali</p>',
    });
    expect(await wordsOf(id)).toEqual([
      { word: 'gdansk', lcp: 0, langs: 1 },
      { word: 'koncert', lcp: 0, langs: 1 },
      { word: 'koncertowy', lcp: 7, langs: 1 },
      { word: 'koncerty', lcp: 7, langs: 1 },
      { word: 'sala', lcp: 0, langs: 1 },
      { word: 'sali', lcp: 3, langs: 1 },
    ]);
    // Three words start with "koncert", the event is one match.
    expect((await search({ search: 'koncertów' })).total).toBe(1);
  });

  it('follows an edit, a translation, hiding, showing again and deleting', async () => {
    const id = await newEvent({ name: 'Potańcówka' });
    const db = await getDb();
    await db
      .update(events)
      .set({ name: 'Zabawa taneczna', translations: { en: { name: 'Dance party' } } })
      .where(eq(events.id, id));
    const words = (await wordsOf(id)).map((w) => w.word);
    expect(words).toEqual(expect.arrayContaining(['zabawa', 'taneczna', 'dance', 'party']));
    expect(words).not.toContain('potancowka');
    expect(new Set((await wordsOf(id)).map((w) => w.langs))).toEqual(new Set([3]));
    expect((await search({ search: 'party' })).data.map((e) => e.id)).toEqual([id]);

    await db.update(events).set({ hiddenAt: new Date() }).where(eq(events.id, id));
    expect(await wordsOf(id)).toEqual([]);
    expect((await search({ search: 'party' })).total).toBe(0);
    await db.update(events).set({ hiddenAt: null }).where(eq(events.id, id));
    expect((await wordsOf(id)).length).toBeGreaterThan(0);

    await db.delete(events).where(eq(events.id, id));
    expect(await wordsOf(id)).toEqual([]);
  });

  it('carries the dates and prices a search filters on, and follows their changes', async () => {
    const id = await newEvent({ name: 'Recital skrzypcowy', priceMin: 2000, priceMax: 4000 });
    expect((await search({ search: 'recital', price_max: '15' })).total).toBe(0);
    const db = await getDb();
    await db.update(events).set({ priceMin: 1000 }).where(eq(events.id, id));
    expect((await search({ search: 'recital', price_max: '15' })).data.map((e) => e.id)).toEqual([id]);
    // Ended: gone from the search without a date filter.
    await db
      .update(events)
      .set({ startDate: new Date(Date.now() - 7_200_000), endDate: new Date(Date.now() - 3_600_000) })
      .where(eq(events.id, id));
    expect((await search({ search: 'recital' })).total).toBe(0);
  });

  it('keeps a known word that is no plain word (an address with a quote) out of the typo alternatives', async () => {
    const id = await newEvent({ name: 'Orkiestra dęta' });
    const db = await getDb();
    // Lexemes like this come from addresses written in a description.
    await db.execute(
      sql`insert into search_dictionary (word) values (${"/orkiestra'x"}) on conflict do nothing`,
    );
    // From event_words, and from the events' own words (a query text, which such a word would break).
    expect((await search({ search: 'orkiestra' })).data.map((e) => e.id)).toEqual([id]);
    expect((await search({ search: 'orkiestra', other: '2147483647' })).data.map((e) => e.id)).toEqual([id]);
  });

  it('answers a one-word search from event_words as the events would, typos and orders included', async () => {
    const db = await getDb();
    const owner = await insertActor('company');
    const place = await insertPlace(owner.id);
    const template = await insertEvent(owner.id, place.id);
    // 60 events: every third a "koncert", some "koncerty", some in English, prices and dates spread.
    await db.execute(sql`
      insert into events (user_id, place_id, category_id, name, lang, translations, city, start_date, end_date, price_min, price_max)
      select user_id, place_id, category_id,
        case n % 3 when 0 then 'Koncert ' || n when 1 then 'Koncerty jesienne ' || n else 'Wystawa ' || n end,
        case when n % 5 = 0 then 'en' else 'pl' end,
        case when n % 4 = 0 then '{"en": {"name": "Autumn concert"}}'::jsonb else '{}'::jsonb end,
        city, start_date + n * interval '1 hour', end_date + n * interval '1 hour', (n % 7) * 1000, (n % 7) * 1000 + 500
      from events, generate_series(1, 60) n where id = ${template.id}`);
    for (const [word, extra] of [
      ['koncert', {}],
      ['jesiene', {}],
      ['concert', {}],
      ['koncert', { order_by: 'price_asc' }],
      ['koncert', { order_by: 'price_desc', price_min: '2' }],
      ['koncert', { locale: 'en' }],
      ['wystaw', { price_max: '30' }],
    ] as const) {
      const query = { search: word, per_page: '100', ...extra };
      const fromWords = await search(query);
      // An id that is no event's sends the same search through the events' own conditions.
      const fromEvents = await search({ ...query, other: '2147483647' });
      expect(fromWords.total, `${word} ${JSON.stringify(extra)}`).toBeGreaterThan(0);
      expect(
        fromWords.data.map((e) => e.id),
        `${word} ${JSON.stringify(extra)}`,
      ).toEqual(fromEvents.data.map((e) => e.id));
      expect(fromWords.total).toBe(fromEvents.total);
    }
  });
});
