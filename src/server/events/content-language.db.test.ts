import fs from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { getDb, openPglite } from '@/db/client';
import { events } from '@/db/schema';
import { createEventBodySchema } from '@/lib/schemas/event';
import { eventSearchQuerySchema } from '@/lib/schemas/search';
import type { AuthUser } from '@/server/auth/access-tokens';
import { searchEvents } from '@/server/search/search-events';
import { insertActor, insertPlace, seededPlans } from '@/test-support/fixtures';
import { createEvent } from './create-event';
import { getEventDetail } from './get-event';
import { updateEvent } from './update-event';

// Issue 31: an event written in Polish, English or both; every text shown in the language asked for where it
// is written, else in the other, saying which; a search finds it by either language's words and forms.

let actor: AuthUser;
let placeId: number;

beforeAll(async () => {
  const { topPlan } = await seededPlans();
  actor = await insertActor('company', { eventsLeft: 50, premiumSettingId: topPlan.id });
  placeId = (await insertPlace(actor.id)).id;
});

const fields = (texts: Record<string, string>) => ({
  category_id: '1',
  place_id: String(placeId),
  price_min: '0',
  price_max: '0',
  spots_left: '20',
  start_date: '2031-03-01',
  start_date_h: '10:00',
  end_date: '2031-03-01',
  end_date_h: '12:00',
  ...texts,
});

const create = async (texts: Record<string, string>) =>
  (await createEvent({ actor, input: createEventBodySchema.parse(fields(texts)), files: { images: [] } })).id;

const detail = (id: number, locale: 'pl' | 'en', viewerId: number | null = null) =>
  getEventDetail({ id, locale, viewerId });

const search = (words: string) =>
  searchEvents(eventSearchQuerySchema.parse({ search: words, place_id: String(placeId) }), new Date());

describe('an event in two languages', () => {
  it('shows each language where written and falls back field by field, naming the language', async () => {
    const id = await create({
      name: 'Makrama – warsztaty rękodzieła',
      description: '<p>Plecionki z bawełnianego sznurka.</p>',
      name_en: 'Macramé – a craft workshop',
    });
    const en = await detail(id, 'en');
    expect(en).toMatchObject({
      name: 'Macramé – a craft workshop',
      description: '<p>Plecionki z bawełnianego sznurka.</p>',
      text_lang: { name: 'en', description: 'pl' },
    });
    const pl = await detail(id, 'pl');
    expect(pl).toMatchObject({
      name: 'Makrama – warsztaty rękodzieła',
      text_lang: { name: 'pl', description: 'pl' },
    });
    // Only the owner gets both languages for editing.
    expect(pl.texts).toBeUndefined();
    expect((await detail(id, 'pl', actor.id)).texts).toEqual({
      pl: {
        name: 'Makrama – warsztaty rękodzieła',
        description: '<p>Plecionki z bawełnianego sznurka.</p>',
        place_name: 'Filharmonia',
      },
      en: { name: 'Macramé – a craft workshop', description: '', place_name: '' },
    });
  });

  it('keeps an event written only in English as English, shown on Polish pages with its language', async () => {
    const id = await create({ name_en: 'Sunday jazz brunch', description_en: '<p>Live trio.</p>' });
    const db = await getDb();
    const [row] = await db.select().from(events).where(eq(events.id, id));
    expect(row).toMatchObject({ lang: 'en', name: 'Sunday jazz brunch', translations: {} });
    expect(await detail(id, 'pl')).toMatchObject({
      name: 'Sunday jazz brunch',
      text_lang: { name: 'en', description: 'en' },
    });
  });

  it('refuses an event without a name in either language', () => {
    const parsed = createEventBodySchema.safeParse(fields({ description: 'Bez nazwy' }));
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues.map((i) => [i.path.join('.'), i.message])).toContainEqual([
      'name',
      'validation.required',
    ]);
  });

  it('sanitises the English description as it does the Polish one', async () => {
    const id = await create({
      name: 'Wieczór poezji',
      name_en: 'Poetry night',
      description_en: '<p onclick="steal()">Readings<script>alert(1)</script></p>',
    });
    const en = await detail(id, 'en');
    expect(en.description).toBe('<p>Readings</p>');
  });

  it('removes an English text the owner empties on edit', async () => {
    const id = await create({ name: 'Kiermasz książek', name_en: 'Book fair' });
    await updateEvent({
      actor,
      eventId: id,
      input: createEventBodySchema.parse(fields({ name: 'Kiermasz książek', name_en: '' })),
      files: { images: [] },
    });
    expect(await detail(id, 'en')).toMatchObject({ name: 'Kiermasz książek', text_lang: { name: 'pl' } });
  });
});

describe('searching both languages', () => {
  it('finds an event written only in English by its English words', async () => {
    const id = await create({ name_en: 'Harbour lighthouse tour', description_en: 'Climb the lighthouse.' });
    expect((await search('lighthouse')).data.map((e) => e.id)).toContain(id);
    expect((await search('harbour')).data.map((e) => e.id)).toContain(id);
  });

  it('finds the Polish forms of a word and the English plural', async () => {
    const id = await create({ name: 'Koncert kameralny', name_en: 'Chamber concert' });
    for (const word of ['koncert', 'koncerty', 'koncertów', 'koncertach', 'concert', 'concerts']) {
      expect(
        (await search(word)).data.map((e) => e.id),
        word,
      ).toContain(id);
    }
  });

  it('still forgives a typo, in the English name too', async () => {
    const id = await create({ name: 'Spotkanie autorskie', name_en: 'Meet the storyteller' });
    expect((await search('storyteler')).data.map((e) => e.id)).toContain(id);
  });

  it('shows a result in the language asked for, and in the other one with its language marked', async () => {
    const both = await create({ name: 'Latarnia nocą', name_en: 'Lighthouse by night' });
    const polishOnly = await create({ name: 'Latarnia o świcie' });
    const page = await searchEvents(
      { ...eventSearchQuerySchema.parse({ search: 'latarnia', place_id: String(placeId) }), locale: 'en' },
      new Date(),
    );
    const byId = new Map(page.data.map((e) => [e.id, e]));
    expect(byId.get(both)).toMatchObject({ name: 'Lighthouse by night', lang: 'en' });
    expect(byId.get(polishOnly)).toMatchObject({ name: 'Latarnia o świcie', lang: 'pl' });
  });
});

describe('the order of a text search', () => {
  it('lists the events written in the asked language first, each part in the usual order', async () => {
    const early = await create({
      name: 'Regaty żeglarskie wcześnie',
      start_date: '2031-02-01',
      end_date: '2031-02-01',
    });
    const late = await create({
      name: 'Regaty żeglarskie później',
      name_en: 'Sailing regatta, later',
      start_date: '2031-04-01',
      end_date: '2031-04-01',
    });
    const order = async (locale: 'pl' | 'en') =>
      (
        await searchEvents(
          { ...eventSearchQuerySchema.parse({ search: 'regaty', place_id: String(placeId) }), locale },
          new Date(),
        )
      ).data.map((e) => e.id);
    expect(await order('pl')).toEqual([early, late]);
    expect(await order('en')).toEqual([late, early]);
  });
});

describe('migration 0024', () => {
  it('keeps every existing text, marked as Polish and found by search as before', async () => {
    const dir = path.join(process.cwd(), 'src/db/migrations');
    const files = fs
      .readdirSync(dir)
      .filter((f) => /^\d{4}_.*\.sql$/.test(f))
      .sort();
    const run = async (handle: Awaited<ReturnType<typeof openPglite>>, file: string) => {
      for (const statement of fs
        .readFileSync(path.join(dir, file), 'utf8')
        .split('--> statement-breakpoint')) {
        if (statement.trim()) await handle.pglite?.exec(statement);
      }
    };
    const handle = await openPglite();
    try {
      const pg = handle.pglite;
      if (!pg) throw new Error('PGlite expected');
      const before = files.filter((f) => f < '0024');
      for (const file of before) await run(handle, file);
      await pg.exec(`
        insert into users (email, role, company_name) values ('owner@example.com', 'company', 'Firma');
        insert into places (user_id, name, description, city, street, postcode)
          values (1, 'Dwór Artusa', '<p>Opis miejsca</p>', 'Gdańsk', 'Długi Targ 43', '80-831');
        insert into place_attractions (place_id, name) values (1, 'Wystawa');
        insert into categories (slug, name_pl, name_en) values ('koncerty', 'Koncerty', 'Concerts');
        insert into events (user_id, place_id, category_id, name, description, place_name, city, start_date, end_date)
          values (1, 1, 1, 'Koncerty w Dworze', '<p>Muzyka dawna</p>', 'Wielka Hala', 'Gdańsk',
            now() + interval '1 day', now() + interval '2 days');`);
      for (const file of files.filter((f) => f >= '0024')) await run(handle, file);
      const { rows } = await pg.query<Record<string, unknown>>(
        `select e.name, e.description, e.place_name, e.lang, e.translations, e.search_words::text as search_words,
          p.name as place, p.description as place_description, p.lang as place_lang, p.translations as place_translations,
          a.name as attraction, a.lang as attraction_lang
         from events e join places p on p.id = e.place_id join place_attractions a on a.place_id = p.id`,
      );
      expect(rows).toEqual([
        {
          name: 'Koncerty w Dworze',
          description: '<p>Muzyka dawna</p>',
          place_name: 'Wielka Hala',
          lang: 'pl',
          translations: {},
          search_words: "'dawna' 'dworze' 'gdansk' 'hala' 'koncerty' 'muzyka' 'w' 'wielka'",
          place: 'Dwór Artusa',
          place_description: '<p>Opis miejsca</p>',
          place_lang: 'pl',
          place_translations: {},
          attraction: 'Wystawa',
          attraction_lang: 'pl',
        },
      ]);
    } finally {
      await handle.close();
    }
  });
});
