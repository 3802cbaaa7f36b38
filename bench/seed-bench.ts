import { count, sql } from 'drizzle-orm';
import type { DbOrTx } from '@/db/client';
import * as s from '@/db/schema';
import { spreadAttributes } from '@/seed/attribute-spread';
import { categories as seedCategories } from '@/seed/data/categories';
import { seedReference } from '@/seed/demo';
import { generateEvent, generateHours, generatePlace } from '@/seed/generate';
import { generateImagePool } from '@/seed/images';
import { createRandom } from '@/seed/random';
import { getStorage, mediaUrl } from '@/server/media/storage';
import { argValue, runWithDb } from '../scripts/cli';

// npm run seed:bench -- --events 100000 --places 20000
// Fills the configured database (use an empty one) with a data set for benchmarks.
const eventsWanted = Number(argValue('events') ?? 100_000);
const placesWanted = Number(argValue('places') ?? 20_000);
if (
  !Number.isInteger(eventsWanted) ||
  !Number.isInteger(placesWanted) ||
  eventsWanted < 0 ||
  placesWanted < 1
) {
  console.error('[bench] --events and --places must be whole numbers (places at least 1).');
  process.exit(1);
}

async function insertChunks(
  db: DbOrTx,
  table: Parameters<DbOrTx['insert']>[0],
  rows: Record<string, unknown>[],
) {
  for (let i = 0; i < rows.length; i += 1000) {
    // biome-ignore lint/suspicious/noExplicitAny: rows are shaped for the table passed in
    await db.insert(table).values(rows.slice(i, i + 1000) as any);
  }
}

await runWithDb(async ({ db }) => {
  const started = Date.now();
  const log = (line: string) =>
    console.log(`[bench] ${line} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
  const rnd = createRandom(424242);
  const [existing] = await db.select({ n: count() }).from(s.categories);
  const pool = await generateImagePool(getStorage(), seedCategories, { logos: 8, banners: 8, photos: 8 });
  if ((existing?.n ?? 0) === 0) await seedReference(db, pool);
  const categoryBySlug = new Map((await db.select().from(s.categories)).map((c) => [c.slug, c.id]));
  // Issue 30: the attribute catalogue's ids, spread as on the demo (its own random stream).
  const attributeRows = await db.select().from(s.attributes);
  const attributeRnd = createRandom(424242 + 30);

  const companyCount = Math.max(1, Math.ceil(placesWanted / 10));
  const companyIds: number[] = [];
  for (let i = 0; i < companyCount; i += 1000) {
    const rows = Array.from({ length: Math.min(1000, companyCount - i) }, (_, j) => ({
      email: `bench-company-${i + j}-${started}@example.com`,
      role: 'company' as const,
      companyName: `Bench Company ${i + j}`,
      emailVerifiedAt: new Date(),
    }));
    const ids = await db.insert(s.users).values(rows).returning({ id: s.users.id });
    companyIds.push(...ids.map((r) => r.id));
  }
  log(`${companyIds.length} companies`);

  const generated = Array.from({ length: placesWanted }, (_, i) => generatePlace(rnd, i, i % companyCount));
  const placeIds: number[] = [];
  for (let i = 0; i < generated.length; i += 1000) {
    const rows = generated.slice(i, i + 1000).map((p) => ({
      userId: companyIds[p.ownerIndex] as number,
      name: p.name,
      city: p.city.name,
      street: p.street,
      postcode: p.postcode,
      lat: p.lat,
      lng: p.lng,
      phone: p.phone,
      description: p.description,
      verified: p.verified,
      verificationState: p.verified ? ('verified' as const) : ('pending' as const),
      logoUrl: mediaUrl(rnd.pick(pool.logos)),
      bannerUrl: mediaUrl(rnd.pick(pool.banners)),
      visitCount: rnd.int(0, 3000),
      attributeIds: spreadAttributes(attributeRnd, attributeRows, 'place'),
    }));
    const ids = await db.insert(s.places).values(rows).returning({ id: s.places.id });
    placeIds.push(...ids.map((r) => r.id));
  }
  const cats = generated.flatMap((p, i) =>
    p.categorySlugs.map((slug) => ({
      placeId: placeIds[i] as number,
      categoryId: categoryBySlug.get(slug) as number,
    })),
  );
  await insertChunks(db, s.placeCategories, cats);
  await insertChunks(
    db,
    s.placeHours,
    placeIds.flatMap((placeId) => generateHours(rnd).map((h) => ({ placeId, ...h }))),
  );
  // Issue 30: one place in ten has special days in the next month (a closure or shorter hours), one in
  // forty of them today, so "open now" meets both tables.
  const specialDay = (offset: number) =>
    new Date(Date.now() + offset * 86_400_000).toLocaleDateString('sv-SE', { timeZone: 'Europe/Warsaw' });
  await insertChunks(
    db,
    s.placeSpecialHours,
    placeIds.flatMap((placeId, i) => {
      if (i % 10 !== 3) return [];
      const offsets = [...new Set([i % 40 === 3 ? 0 : rnd.int(1, 30), rnd.int(1, 30)])];
      return offsets.map((offset) =>
        rnd.int(0, 1) === 0
          ? { placeId, date: specialDay(offset), closed: true }
          : { placeId, date: specialDay(offset), from: '12:00', to: '16:00' },
      );
    }),
  );
  log(`${placeIds.length} places`);

  const today = new Date();
  today.setUTCHours(0, 0, 0, 0);
  for (let i = 0; i < eventsWanted; i += 1000) {
    const rows = Array.from({ length: Math.min(1000, eventsWanted - i) }, () => {
      const p = generated[rnd.int(0, generated.length - 1)] as (typeof generated)[number];
      const e = generateEvent(rnd, p, today, 90);
      return {
        userId: companyIds[p.ownerIndex] as number,
        placeId: placeIds[p.index] as number,
        categoryId: categoryBySlug.get(e.categorySlug) as number,
        name: e.name,
        lang: e.lang,
        description: e.description,
        placeName: p.name,
        street: p.street,
        postcode: p.postcode,
        city: p.city.name,
        lat: p.lat,
        lng: p.lng,
        startDate: e.startDate,
        endDate: e.endDate,
        priceMin: e.priceMin,
        priceMax: e.priceMax,
        spotsLeft: e.spotsLeft,
        bannerUrl: mediaUrl(rnd.pick(pool.banners)),
        visitCount: e.visitCount,
        attributeIds: spreadAttributes(attributeRnd, attributeRows, 'event'),
      };
    });
    await db.insert(s.events).values(rows);
    if ((i / 1000) % 20 === 19) log(`${i + rows.length} events`);
  }
  // Issue 17: one event in fifty is a weekly series of ten dates, so date searches meet series.
  // Bench data only: the dates step by 7 × 24 h, not by the Warsaw wall clock as the product does.
  await db.execute(sql`update ${s.events} set repeat_rule = 'FREQ=WEEKLY;COUNT=10',
    series_start = start_date, series_end = end_date where id % 50 = 0`);
  await db.execute(sql`insert into ${s.eventOccurrences} (event_id, original_start, start_date, end_date)
    select e.id, e.start_date + k * interval '7 days', e.start_date + k * interval '7 days',
      e.end_date + k * interval '7 days'
    from ${s.events} e cross join generate_series(0, 9) k where e.repeat_rule is not null`);
  log(`${eventsWanted} events (${Math.floor(eventsWanted / 50)} of them series); analysing`);
  // A vacuum sets the visibility map, so index-only scans need not visit the table, as on a settled database.
  await db.execute('vacuum analyze');
  log('done');
});
