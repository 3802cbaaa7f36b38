import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { getDb } from '@/db/client';
import * as s from '@/db/schema';
import { createAccount, setupApi } from '../helpers/api';
import { setupTestDb } from '../helpers/db';
import { multipart } from '../helpers/forms';

// Issue 31 through the API: a place's texts sent in Polish and English (multipart or JSON), answered in the
// language of Accept-Language with the language of each text, and both languages for the owner.

setupTestDb();
const api = setupApi();

let owner: Awaited<ReturnType<typeof createAccount>>;

beforeAll(async () => {
  owner = await createAccount('company');
  const db = await getDb();
  const plans = await db.select().from(s.premiumSettings);
  const top = plans.reduce((a, b) => (b.level > a.level ? b : a));
  // The top plan shows the description.
  await db.update(s.users).set({ premiumSettingId: top.id }).where(eq(s.users.id, owner.user.id));
});

const address = {
  city: 'Gdańsk',
  street: 'Długi Targ 43',
  postcode: '80-831',
  phone: '+48 58 123 45 67',
  ...Object.fromEntries([1, 2, 3, 4, 5, 6, 7].map((d) => [`place_hours_closed[${d}]`, '1'])),
};

async function create(texts: Record<string, string | string[]>) {
  const form = await multipart({ ...address, 'categories[]': ['2'], ...texts });
  return api().inject({
    method: 'POST',
    url: '/api/place',
    headers: { ...form.headers, ...owner.auth },
    payload: form.payload,
  });
}

const read = async (id: number, lang: string, auth: Record<string, string> = {}) =>
  (await api().inject({ url: `/api/place/${id}`, headers: { 'accept-language': lang, ...auth } })).json()
    .data;

describe('a place’s texts in Polish and English', () => {
  it('answers the language asked for, falling back field by field, and the owner both', async () => {
    const res = await create({
      name: 'Dwór Artusa',
      description: '<p>Siedziba bractw kupieckich.</p>',
      'attractions[]': ['Piec kaflowy'],
      'additional_infos[]': ['Wstęp płatny'],
      name_en: 'Artus Court',
      'attractions_en[]': ['Tiled stove'],
    });
    expect(res.statusCode).toBe(201);
    const saved = res.json().data;
    expect(saved.texts).toEqual({
      pl: {
        name: 'Dwór Artusa',
        description: '<p>Siedziba bractw kupieckich.</p>',
        attractions: ['Piec kaflowy'],
        additional_infos: ['Wstęp płatny'],
      },
      en: { name: 'Artus Court', description: '', attractions: ['Tiled stove'], additional_infos: [] },
    });
    expect(await read(saved.id, 'en')).toMatchObject({
      name: 'Artus Court',
      description: '<p>Siedziba bractw kupieckich.</p>',
      attractions: [{ name: 'Tiled stove' }],
      additional_infos: [{ name: 'Wstęp płatny' }],
      text_lang: { name: 'en', description: 'pl', attractions: 'en', additional_infos: 'pl' },
    });
    const pl = await read(saved.id, 'pl');
    expect(pl).toMatchObject({ name: 'Dwór Artusa', text_lang: { name: 'pl', attractions: 'pl' } });
    expect(pl.texts).toBeUndefined();
    expect((await read(saved.id, 'pl', owner.auth)).texts.en.name).toBe('Artus Court');
  });

  it('takes the English texts from a JSON body, and a place written only in English', async () => {
    const created = (await create({ name: 'Tymczasowa', description: 'Opis' })).json().data;
    const res = await api().inject({
      method: 'POST',
      url: `/api/place/${created.id}`,
      headers: { ...owner.auth, 'content-type': 'application/json', 'accept-language': 'pl' },
      payload: {
        _method: 'PUT',
        city: address.city,
        street: address.street,
        postcode: address.postcode,
        phone: address.phone,
        place_hours_closed: { 1: '1', 2: '1', 3: '1', 4: '1', 5: '1', 6: '1', 7: '1' },
        categories: ['2'],
        name_en: 'Amber Museum',
        description_en: '<p>Baltic gold.</p>',
        additional_infos_en: ['Dogs welcome'],
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await read(created.id, 'pl')).toMatchObject({
      name: 'Amber Museum',
      description: '<p>Baltic gold.</p>',
      additional_infos: [{ name: 'Dogs welcome' }],
      text_lang: { name: 'en', description: 'en', attractions: null, additional_infos: 'en' },
    });
  });

  it('refuses a place with no name and no description in either language', async () => {
    const form = await multipart({ ...address, 'categories[]': ['2'], name: ' ', description_en: '' });
    const res = await api().inject({
      method: 'POST',
      url: '/api/place',
      headers: { ...form.headers, ...owner.auth, 'accept-language': 'en' },
      payload: form.payload,
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toMatchObject({
      name: ['This field is required.'],
      description: ['This field is required.'],
    });
  });

  it('names the search’s cards in the language asked for, with the language they are in', async () => {
    const id = (
      await create({ name: 'Żuraw portowy', description: 'Dźwig', name_en: 'Harbour crane' })
    ).json().data.id;
    const card = async (search: string, lang: string) =>
      (
        await api().inject({
          url: `/api/place?search=${encodeURIComponent(search)}`,
          headers: { 'accept-language': lang },
        })
      )
        .json()
        .data.find((p: { id: number }) => p.id === id);
    expect(await card('crane', 'en')).toMatchObject({ name: 'Harbour crane', lang: 'en' });
    expect(await card('crane', 'pl')).toMatchObject({ name: 'Żuraw portowy', lang: 'pl' });
  });

  it('documents the new fields in the OpenAPI description', async () => {
    const doc = JSON.stringify((await api().inject({ url: '/api/docs/json' })).json());
    expect(doc).toContain('text_lang');
  });
});
