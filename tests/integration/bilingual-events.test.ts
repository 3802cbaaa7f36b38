import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { getDb } from '@/db/client';
import * as s from '@/db/schema';
import { createAccount, setupApi } from '../helpers/api';
import { setupTestDb } from '../helpers/db';
import { multipart } from '../helpers/forms';

// Issue 31 through the API: an event written in Polish and English answers in the Accept-Language language,
// says what each text is written in, gives its owner both, and is found by either language's words.

setupTestDb();
const api = setupApi();
let organiser: Awaited<ReturnType<typeof createAccount>> & { placeId: number };

beforeAll(async () => {
  const account = await createAccount('company');
  const db = await getDb();
  const plans = await db.select().from(s.premiumSettings);
  const top = plans.reduce((a, b) => (b.level > a.level ? b : a));
  await db
    .update(s.users)
    .set({ premiumSettingId: top.id, eventsLeft: 10 })
    .where(eq(s.users.id, account.user.id));
  const [place] = await db
    .insert(s.places)
    .values({
      userId: account.user.id,
      name: 'Latarnia',
      city: 'Hel',
      street: 'Bałtycka 3',
      postcode: '84-150',
    })
    .returning();
  organiser = { ...account, placeId: place!.id };
});

async function create(fields: Record<string, string>) {
  const form = await multipart({
    category_id: '1',
    place_id: String(organiser.placeId),
    price_min: '0',
    price_max: '0',
    spots_left: '10',
    start_date: '2031-06-01',
    start_date_h: '20:00',
    end_date: '2031-06-01',
    end_date_h: '22:00',
    ...fields,
  });
  return api().inject({
    method: 'POST',
    url: '/api/event',
    headers: { ...form.headers, ...organiser.auth, 'accept-language': 'pl' },
    payload: form.payload,
  });
}

const read = (id: number, language: string, auth: Record<string, string> = {}) =>
  api().inject({ url: `/api/event/${id}`, headers: { 'accept-language': language, ...auth } });

describe('an event in Polish and English through the API', () => {
  it('answers each language, marks a fallback and gives the owner both', async () => {
    const created = await create({
      name: 'Noc w latarni',
      description: '<p>Zwiedzanie po zmroku.</p>',
      name_en: 'Lighthouse night',
      place_name_en: 'The lighthouse',
    });
    expect(created.statusCode).toBe(201);
    const id = created.json().data.id;
    // The owner's own answer holds both languages for editing.
    expect(created.json().data.texts).toEqual({
      pl: { name: 'Noc w latarni', description: '<p>Zwiedzanie po zmroku.</p>', place_name: 'Latarnia' },
      en: { name: 'Lighthouse night', description: '', place_name: 'The lighthouse' },
    });

    const en = (await read(id, 'en-GB,en;q=0.9')).json().data;
    expect(en).toMatchObject({
      name: 'Lighthouse night',
      place_name: 'The lighthouse',
      description: '<p>Zwiedzanie po zmroku.</p>',
      text_lang: { name: 'en', place_name: 'en', description: 'pl' },
    });
    expect(en.texts).toBeUndefined();
    const pl = (await read(id, 'pl')).json().data;
    expect(pl).toMatchObject({ name: 'Noc w latarni', text_lang: { name: 'pl', description: 'pl' } });

    const search = await api().inject({
      url: `/api/event?search=lighthouse&place_id=${organiser.placeId}`,
      headers: { 'accept-language': 'en' },
    });
    expect(search.json().data).toEqual([
      expect.objectContaining({ id, name: 'Lighthouse night', lang: 'en' }),
    ]);
    const inPolish = await api().inject({
      url: `/api/event?search=latarni&place_id=${organiser.placeId}`,
      headers: { 'accept-language': 'pl' },
    });
    expect(inPolish.json().data).toEqual([
      expect.objectContaining({ id, name: 'Noc w latarni', lang: 'pl' }),
    ]);
  });

  it('refuses an event with no name in either language with a 422 on `name`, creating nothing', async () => {
    const db = await getDb();
    const before = await db.select().from(s.events).where(eq(s.events.userId, organiser.user.id));
    const res = await create({ description_en: '<p>No name</p>' });
    expect(res.statusCode).toBe(422);
    expect(Object.keys(res.json().errors)).toContain('name');
    const after = await db.select().from(s.events).where(eq(s.events.userId, organiser.user.id));
    expect(after).toHaveLength(before.length);
  });

  it('keeps an English-only event English on a Polish request, saying so', async () => {
    const created = await create({ name_en: 'Dune walk', description_en: '<p>Sand and wind.</p>' });
    expect(created.statusCode).toBe(201);
    const pl = (await read(created.json().data.id, 'pl')).json().data;
    expect(pl).toMatchObject({ name: 'Dune walk', text_lang: { name: 'en', description: 'en' } });
  });
});
