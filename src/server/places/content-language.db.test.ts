import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { getDb } from '@/db/client';
import { placeAttractions, places } from '@/db/schema';
import { placeProfileBodySchema } from '@/lib/schemas/place-profile';
import { placeSearchQuerySchema } from '@/lib/schemas/search';
import type { AuthUser } from '@/server/auth/access-tokens';
import { insertActor, seededCategoryId, seededPlans } from '@/test-support/fixtures';
import { placeFormFields } from '@/test-support/place-form';
import { getPlaceDetail } from './get-place';
import { listPlaces } from './list-places';
import { getPlaceFormData } from './place-form-data';
import { savePlace } from './save-place';

// Issue 31: a place written in Polish, English or both; every text shown in the language asked for where it
// is written, else in the other, saying which; the owner gets both to edit; a search finds it by either.

let actor: AuthUser;
let categoryId: number;

beforeAll(async () => {
  const { topPlan } = await seededPlans();
  // The top plan shows the description (company_description), so the texts are not hidden by the plan.
  actor = await insertActor('company', { premiumSettingId: topPlan.id });
  categoryId = await seededCategoryId();
});

const fields = (texts: Record<string, unknown>) => placeFormFields(categoryId, texts);

const save = async (texts: Record<string, unknown>, placeId: number | null = null) =>
  (
    await savePlace({
      actor,
      placeId,
      input: placeProfileBodySchema.parse(fields(texts)),
      files: { images: [] },
    })
  ).id;

const detail = (id: number, locale: 'pl' | 'en', viewerId: number | null = null) =>
  getPlaceDetail({ id, locale, viewerId });

describe('a place in two languages', () => {
  it('shows each language where written and falls back field by field, naming the language', async () => {
    const id = await save({
      name: 'Dwór Artusa',
      description: '<p>Siedziba bractw kupieckich.</p>',
      name_en: 'Artus Court',
    });
    expect(await detail(id, 'en')).toMatchObject({
      name: 'Artus Court',
      description: '<p>Siedziba bractw kupieckich.</p>',
      text_lang: { name: 'en', description: 'pl', attractions: null, additional_infos: null },
    });
    expect(await detail(id, 'pl')).toMatchObject({
      name: 'Dwór Artusa',
      text_lang: { name: 'pl', description: 'pl' },
    });
  });

  it('keeps a place written only in English as English, shown on Polish pages with its language', async () => {
    const id = await save({ name_en: 'Amber Museum', description_en: '<p>Baltic gold.</p>' });
    const [row] = await (await getDb()).select().from(places).where(eq(places.id, id));
    expect(row).toMatchObject({ lang: 'en', name: 'Amber Museum', translations: {} });
    expect(await detail(id, 'pl')).toMatchObject({
      name: 'Amber Museum',
      description: '<p>Baltic gold.</p>',
      text_lang: { name: 'en', description: 'en' },
    });
  });

  it('gives the owner every language to edit, and nobody else', async () => {
    const id = await save({
      name: 'Ratusz',
      description: '<p>Muzeum miasta.</p>',
      attractions: ['Wieża widokowa'],
      name_en: 'Town Hall',
      additional_infos_en: ['Step-free entrance'],
    });
    expect((await detail(id, 'en')).texts).toBeUndefined();
    const stranger = await insertActor('company');
    expect((await detail(id, 'en', stranger.id)).texts).toBeUndefined();
    const both = {
      pl: {
        name: 'Ratusz',
        description: '<p>Muzeum miasta.</p>',
        attractions: ['Wieża widokowa'],
        additional_infos: [],
      },
      en: { name: 'Town Hall', description: '', attractions: [], additional_infos: ['Step-free entrance'] },
    };
    expect((await detail(id, 'en', actor.id)).texts).toEqual(both);
    // The place form edits the same texts under its field names.
    const { initial } = await getPlaceFormData({ actor, placeId: id });
    expect(initial).toMatchObject({
      name: 'Ratusz',
      name_en: 'Town Hall',
      description: '<p>Muzeum miasta.</p>',
      description_en: '',
      attractions: ['Wieża widokowa'],
      attractions_en: [],
      additional_infos: [],
      additional_infos_en: ['Step-free entrance'],
    });
  });

  it('shows the attractions and infos of the language asked for, else those of the place’s own', async () => {
    const id = await save({
      name: 'Park Oliwski',
      description: '<p>Park przy katedrze.</p>',
      attractions: ['Palmiarnia', 'Aleja lipowa'],
      attractions_en: ['Palm house'],
      additional_infos: ['Wstęp wolny'],
    });
    const rows = await (await getDb())
      .select()
      .from(placeAttractions)
      .where(eq(placeAttractions.placeId, id));
    expect(rows.map((r) => [r.lang, r.name]).sort()).toEqual([
      ['en', 'Palm house'],
      ['pl', 'Aleja lipowa'],
      ['pl', 'Palmiarnia'],
    ]);
    expect(await detail(id, 'en')).toMatchObject({
      attractions: [{ name: 'Palm house' }],
      additional_infos: [{ name: 'Wstęp wolny' }],
      text_lang: { attractions: 'en', additional_infos: 'pl' },
    });
    expect(await detail(id, 'pl')).toMatchObject({
      attractions: [{ name: 'Palmiarnia' }, { name: 'Aleja lipowa' }],
      text_lang: { attractions: 'pl', additional_infos: 'pl' },
    });
  });

  it('sanitises the English description as it does the Polish one', async () => {
    const id = await save({
      name: 'Teatr Szekspirowski',
      description: '<p>Scena elżbietańska.</p>',
      description_en: '<p onclick="steal()">An Elizabethan stage<script>alert(1)</script></p>',
    });
    expect((await detail(id, 'en')).description).toBe('<p>An Elizabethan stage</p>');
  });

  it('removes an English text the owner empties on edit', async () => {
    const texts = { name: 'Żuraw', description: '<p>Dźwig portowy.</p>' };
    const id = await save({ ...texts, name_en: 'The Crane', attractions_en: ['Harbour view'] });
    await save({ ...texts, name_en: '' }, id);
    expect(await detail(id, 'en')).toMatchObject({
      name: 'Żuraw',
      attractions: [],
      text_lang: { name: 'pl', attractions: null },
    });
  });

  it('refuses a place without a name, or a description, in either language', () => {
    const parsed = placeProfileBodySchema.safeParse(fields({ description_en: '<p>No name.</p>' }));
    expect(parsed.success).toBe(false);
    const issues = parsed.error?.issues.map((i) => [i.path.join('.'), i.message]);
    expect(issues).toContainEqual(['name', 'validation.required']);
    expect(issues).not.toContainEqual(['description', 'validation.required']);
    const noDescription = placeProfileBodySchema.safeParse(fields({ name: 'Bez opisu', name_en: 'No text' }));
    expect(noDescription.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['description', 'validation.required'],
    ]);
  });
});

describe('searching places in both languages', () => {
  it('finds a place written only in English by an English word, its card in its language', async () => {
    const id = await save({
      name_en: 'Lighthouse keeper’s cottage',
      description_en: '<p>Seaside rooms.</p>',
    });
    for (const locale of ['pl', 'en'] as const) {
      const page = await listPlaces({ ...placeSearchQuerySchema.parse({ search: 'lighthouse' }), locale });
      expect(page.data.find((p) => p.id === id)).toMatchObject({
        name: 'Lighthouse keeper’s cottage',
        lang: 'en',
      });
    }
  });

  it('names a card in the language asked for where the place has it', async () => {
    const id = await save({
      name: 'Latarnia morska Rozewie',
      description: '<p>Muzeum.</p>',
      name_en: 'Rozewie Lighthouse',
    });
    const card = async (locale: 'pl' | 'en') =>
      (await listPlaces({ ...placeSearchQuerySchema.parse({ search: 'rozewie' }), locale })).data.find(
        (p) => p.id === id,
      );
    expect(await card('en')).toMatchObject({ name: 'Rozewie Lighthouse', lang: 'en' });
    expect(await card('pl')).toMatchObject({ name: 'Latarnia morska Rozewie', lang: 'pl' });
  });
});
