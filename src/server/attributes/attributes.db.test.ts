import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { getDb } from '@/db/client';
import { attributes, auditLog, categories, events, places } from '@/db/schema';
import { attributeInputSchema } from '@/lib/schemas/admin-catalogue';
import { eventSearchQuerySchema, placeSearchQuerySchema } from '@/lib/schemas/search';
import { warsawToDate } from '@/lib/warsaw-time';
import {
  createAttribute,
  deleteAttribute,
  listAdminAttributes,
  updateAttribute,
} from '@/server/admin/catalogue/attributes';
import { AppError } from '@/server/errors';
import { listPlaces } from '@/server/places/list-places';
import { searchEvents } from '@/server/search/search-events';
import { insertActor, insertPlace, seededCategoryId } from '@/test-support/fixtures';
import { attributeIdsOfSlugs, checkAttributeIds, listAttributes, loadAttributes } from './catalogue';

// Issue 30 item 4: the attribute catalogue (listing, admin CRUD, a delete taking the id off every place
// and event) and the `attributes=` filter combined with text, city, dates and distance.

const w = (date: string, time: string) => warsawToDate(date, time) as Date;

async function idOf(slug: string): Promise<number> {
  const [row] = await (await getDb()).select().from(attributes).where(eq(attributes.slug, slug));
  if (!row) throw new Error(`no ${slug}`);
  return row.id;
}

async function fieldOf(promise: Promise<unknown>): Promise<string[]> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof AppError) return Object.keys(error.fields ?? {});
    throw error;
  }
  throw new Error('no error');
}

describe('the attribute catalogue', () => {
  it('lists the seeded attributes by group and position, named in the locale', async () => {
    const pl = await listAttributes({ locale: 'pl' });
    const en = await listAttributes({ locale: 'en' });
    const slugs = pl.map((a) => a.slug);
    expect(slugs.slice(0, 3)).toEqual(['step_free_entrance', 'accessible_toilet', 'induction_loop']);
    expect(pl.find((a) => a.slug === 'changing_table')).toMatchObject({
      name: 'Przewijak',
      group: 'family',
      icon: 'baby',
    });
    expect(en.find((a) => a.slug === 'changing_table')?.name).toBe('Baby changing table');
    const groups = pl.map((a) => a.group);
    expect(groups.indexOf('family')).toBeGreaterThan(groups.lastIndexOf('accessibility'));
    expect(groups.indexOf('other')).toBeGreaterThan(groups.lastIndexOf('family'));
  });

  it('resolves slugs to ids and refuses an unknown slug on `attributes`', async () => {
    const ids = await attributeIdsOfSlugs(['parking', 'changing_table']);
    expect(ids).toEqual([await idOf('changing_table'), await idOf('parking')].sort((a, b) => a - b));
    expect(await fieldOf(attributeIdsOfSlugs(['parking', 'no_such_thing']))).toEqual(['attributes']);
  });

  it('creates, edits and deletes with the audit log; a delete takes the id off places and events', async () => {
    const admin = await insertActor('admin');
    const company = await insertActor('company');
    const input = attributeInputSchema.parse({
      slug: 'quiet_room',
      group: 'accessibility',
      icon: 'volume-x',
      name_pl: 'Pokój wyciszenia',
      name_en: 'Quiet room',
      for_places: 'on',
      for_events: 'on',
      position: '55',
    });
    const id = await createAttribute({ adminId: admin.id, input });
    expect((await listAttributes({ locale: 'en' })).find((a) => a.id === id)?.name).toBe('Quiet room');
    expect(await fieldOf(createAttribute({ adminId: admin.id, input }))).toEqual(['slug']);

    const parking = await idOf('parking');
    const place = await insertPlace(company.id, { attributeIds: [parking, id] });
    const db = await getDb();
    const [category] = await db.select({ id: categories.id }).from(categories).limit(1);
    const [event] = await db
      .insert(events)
      .values({
        userId: company.id,
        placeId: place.id,
        categoryId: category?.id ?? 0,
        name: 'Koncert',
        city: 'Gdańsk',
        startDate: new Date(Date.now() + 86_400_000),
        endDate: new Date(Date.now() + 90_000_000),
        attributeIds: [id],
      })
      .returning();
    expect((await listAdminAttributes()).find((a) => a.id === id)).toMatchObject({
      places_count: 1,
      events_count: 1,
    });

    // No longer for events: it leaves the events' arrays, the places keep it.
    await updateAttribute({
      adminId: admin.id,
      id,
      input: { ...input, name_en: 'Calm room', for_events: false },
    });
    const [afterEdit] = await db
      .select()
      .from(events)
      .where(eq(events.id, event?.id ?? 0));
    expect(afterEdit?.attributeIds).toEqual([]);
    expect((await listAttributes({ locale: 'en', kind: 'event' })).some((a) => a.id === id)).toBe(false);
    expect((await listAttributes({ locale: 'en', kind: 'place' })).find((a) => a.id === id)?.name).toBe(
      'Calm room',
    );

    await deleteAttribute({ adminId: admin.id, id });
    const [afterDelete] = await db.select().from(places).where(eq(places.id, place.id));
    expect(afterDelete?.attributeIds).toEqual([parking]);
    expect((await loadAttributes()).some((a) => a.id === id)).toBe(false);
    const audit = await db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(and(eq(auditLog.target, 'attribute'), eq(auditLog.targetId, id)));
    expect(audit.map((a) => a.action).sort()).toEqual([
      'attribute.create',
      'attribute.delete',
      'attribute.update',
    ]);
  });

  it('checks a form’s ids: each must exist and apply', async () => {
    const db = await getDb();
    const parking = await idOf('parking');
    expect(await checkAttributeIds(db, [parking, parking], 'place')).toEqual([parking]);
    expect(await fieldOf(checkAttributeIds(db, [parking, 999_999], 'place'))).toEqual(['attribute_ids']);
    const admin = await insertActor('admin');
    const onlyPlaces = await createAttribute({
      adminId: admin.id,
      input: attributeInputSchema.parse({
        slug: 'garden_only_places',
        group: 'other',
        icon: 'trees',
        name_pl: 'Ogródek',
        name_en: 'Garden',
        for_places: 'on',
        position: '200',
      }),
    });
    expect(await fieldOf(checkAttributeIds(db, [onlyPlaces], 'event'))).toEqual(['attribute_ids']);
    expect(
      attributeInputSchema.safeParse({
        slug: 'x',
        group: 'other',
        icon: 'trees',
        name_pl: 'a',
        name_en: 'a',
        position: '1',
      }).success,
    ).toBe(false);
    expect(
      attributeInputSchema.safeParse({
        slug: 'x',
        group: 'other',
        icon: 'skull',
        name_pl: 'a',
        name_en: 'a',
        for_places: 'on',
        position: '1',
      }).success,
    ).toBe(false);
  });
});

describe('the attributes filter', () => {
  // Gdańsk (54.35, 18.65) and Sopot (54.44, 18.56), about 12 km apart.
  const day = '2031-07-05'; // a Saturday
  let companyId = 0;
  let categoryId = 0;
  let stepFree = 0;
  let changing = 0;
  let parking = 0;
  const tag = 'zxqattr';

  beforeAll(async () => {
    companyId = (await insertActor('company')).id;
    const db = await getDb();
    categoryId = await seededCategoryId();
    [stepFree, changing, parking] = await Promise.all([
      idOf('step_free_entrance'),
      idOf('changing_table'),
      idOf('parking'),
    ]);
    const gdansk = { city: 'Gdańsk', lat: 54.35, lng: 18.65 };
    const sopot = { city: 'Sopot', lat: 54.44, lng: 18.56 };
    const both = await insertPlace(companyId, {
      name: `${tag} both`,
      ...gdansk,
      attributeIds: [stepFree, changing],
    });
    const one = await insertPlace(companyId, { name: `${tag} one`, ...gdansk, attributeIds: [stepFree] });
    const far = await insertPlace(companyId, {
      name: `${tag} far`,
      ...sopot,
      attributeIds: [stepFree, changing, parking],
    });
    const ev = (name: string, placeId: number, where: typeof gdansk, ids: number[], date = day) => ({
      userId: companyId,
      placeId,
      categoryId,
      name: `${tag} ${name}`,
      city: where.city,
      lat: where.lat,
      lng: where.lng,
      startDate: w(date, '10:00'),
      endDate: w(date, '12:00'),
      attributeIds: ids,
    });
    await db
      .insert(events)
      .values([
        ev('both', both.id, gdansk, [stepFree, changing]),
        ev('one', one.id, gdansk, [stepFree]),
        ev('far', far.id, sopot, [stepFree, changing, parking]),
        ev('later', both.id, gdansk, [stepFree, changing], '2031-08-02'),
      ]);
  });

  const eventNames = async (query: Record<string, string>) =>
    (
      await searchEvents(
        eventSearchQuerySchema.parse({ search: tag, per_page: '50', ...query }),
        new Date('2031-07-01T00:00:00Z'),
      )
    ).data
      .map((e) => e.name.replace(`${tag} `, ''))
      .sort();
  const placeNames = async (query: Record<string, string>) =>
    (await listPlaces(placeSearchQuerySchema.parse({ search: tag, per_page: '50', ...query }))).data
      .map((p) => p.name.replace(`${tag} `, ''))
      .sort();

  it('keeps the events having every attribute, with text, city, dates and distance', async () => {
    expect(await eventNames({ attributes: 'step_free_entrance' })).toEqual(['both', 'far', 'later', 'one']);
    expect(await eventNames({ attributes: 'changing_table,step_free_entrance' })).toEqual([
      'both',
      'far',
      'later',
    ]);
    expect(
      await eventNames({ attributes: 'changing_table,step_free_entrance', localization: 'Gdańsk' }),
    ).toEqual(['both', 'later']);
    expect(
      await eventNames({
        attributes: 'changing_table,step_free_entrance',
        date_from: day,
        date_end: '2031-07-06',
      }),
    ).toEqual(['both', 'far']);
    expect(
      await eventNames({
        attributes: 'step_free_entrance,changing_table',
        date_from: day,
        date_end: '2031-07-06',
        lat: '54.35',
        lng: '18.65',
        max_distance: '3',
      }),
    ).toEqual(['both']);
    expect(await eventNames({ attributes: 'parking,changing_table,step_free_entrance' })).toEqual(['far']);
  });

  it('keeps the places having every attribute, with text, city and distance', async () => {
    expect(await placeNames({ attributes: 'changing_table,step_free_entrance' })).toEqual(['both', 'far']);
    expect(await placeNames({ attributes: 'changing_table', localization: 'Gdańsk' })).toEqual(['both']);
    expect(
      await placeNames({ attributes: 'step_free_entrance', lat: '54.35', lng: '18.65', max_distance: '3' }),
    ).toEqual(['both', 'one']);
  });

  it('answers 422 on `attributes` for an unknown slug', async () => {
    expect(
      await fieldOf(searchEvents(eventSearchQuerySchema.parse({ attributes: 'wheelchair_rocket' }))),
    ).toEqual(['attributes']);
    expect(await fieldOf(listPlaces(placeSearchQuerySchema.parse({ attributes: 'parking,nope' })))).toEqual([
      'attributes',
    ]);
  });

  it('finds by an attribute’s name in the text search (“przewijak”)', async () => {
    const events = (
      await searchEvents(
        eventSearchQuerySchema.parse({ search: 'przewijak', localization: 'Sopot', per_page: '50' }),
        new Date('2031-07-01T00:00:00Z'),
      )
    ).data.map((e) => e.name);
    expect(events).toContain(`${tag} far`);
    const found = (
      await listPlaces(
        placeSearchQuerySchema.parse({ search: 'Przewijak', localization: 'Sopot', per_page: '50' }),
      )
    ).data.map((p) => p.name);
    expect(found).toContain(`${tag} far`);
    const notFound = (
      await listPlaces(
        placeSearchQuerySchema.parse({ search: 'przewijak', localization: 'Gdańsk', per_page: '50' }),
      )
    ).data.map((p) => p.name);
    expect(notFound).toContain(`${tag} both`);
    expect(notFound).not.toContain(`${tag} one`);
  });
});
