import { count, isNull, sql } from 'drizzle-orm';
import { type Db, type DbOrTx, getDb } from '@/db/client';
import * as s from '@/db/schema';
import { hashPassword } from '@/server/auth/passwords';
import { placeDayGroupKey } from '@/server/events/notify-followers';
import { getStorage, mediaUrl } from '@/server/media/storage';
import { newTicketSecret } from '@/server/registrations/ticket-code';
import { spreadAttributes } from './attribute-spread';
import { categories as seedCategories } from './data/categories';
import { answerTexts, commentTexts, firstNames, lastNames } from './data/content';
import { languages as seedLanguages } from './data/languages';
import { eventPacks, plans, pricePacks } from './data/plans';
import { texts } from './data/texts';
import { generateEvent, generateHours, generatePlace } from './generate';
import { generateImagePool, type ImagePool } from './images';
import { createRandom, type Random } from './random';

export const demoAccounts = {
  user: { email: 'uzytkownik@example.com', password: 'Demo1234!', name: 'Anna Kowalska' },
  company: { email: 'firma@example.com', password: 'Demo1234!', name: 'Filharmonia Bałtycka Demo' },
} as const;

export const demoSize = { users: 40, companies: 60, places: 200, events: 1000, days: 90 };

/** Seeds the demo data when the database has no users yet; says what it did through `log`. */
export async function seedDemoIfEmpty({ log }: { log: (line: string) => void }): Promise<boolean> {
  const db = await getDb();
  const [row] = await db.select({ n: count() }).from(s.users);
  if ((row?.n ?? 0) > 0) return false;
  log('Empty database: loading demo data (cities, categories, 200 places, 1,000 events)…');
  const started = Date.now();
  await seedDemo(db);
  log(`Demo data loaded in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
  log(`Demo user:    ${demoAccounts.user.email} / ${demoAccounts.user.password}`);
  log(`Demo company: ${demoAccounts.company.email} / ${demoAccounts.company.password}`);
  return true;
}

/** Reference data every installation needs: plans, packs, categories, languages, text pages. */
export async function seedReference(db: DbOrTx, pool?: Pick<ImagePool, 'categories'>) {
  await db.insert(s.premiumSettings).values(
    plans.map((p) => ({
      namePl: p.namePl,
      nameEn: p.nameEn,
      level: p.level,
      price: p.pricePerMonth,
      promo: p.promo,
      promoMonths: p.promoMonths,
      isPromoActive: p.isPromoActive,
      isDefault: p.isDefault,
      availableEvents: p.availableEvents,
      techSupport: p.techSupport,
      companyDescription: p.companyDescription,
      askQuestions: p.askQuestions,
      displayEmail: p.displayEmail,
      displayPhone: p.displayPhone,
      imagesCount: p.imagesCount,
      moviesCount: p.moviesCount,
      virtualWalk: p.virtualWalk,
      showMap: p.showMap,
      displayUrl: p.displayUrl,
      bonusDistance: p.bonusDistance,
      displaySocial: p.displaySocial,
      calendarAccess: p.calendarAccess,
      answerComments: p.answerComments,
      messengerAccess: p.messengerAccess,
    })),
  );
  await db.insert(s.paymentSettings).values(eventPacks.map((p) => ({ ...p })));
  await db.insert(s.pricePacks).values(pricePacks.map((p) => ({ ...p })));
  await db.insert(s.categories).values(
    seedCategories.map((c, i) => ({
      slug: c.slug,
      namePl: c.namePl,
      nameEn: c.nameEn,
      position: i,
      imageUrl: pool?.categories[c.slug] ? mediaUrl(pool.categories[c.slug] as string) : null,
    })),
  );
  await db.insert(s.languages).values(seedLanguages.map((l) => ({ ...l })));
  await db.insert(s.textPages).values(texts.map((t) => ({ ...t })));
}

function chunks<T>(items: T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/** Inserts in chunks (one statement per chunk, never one per row) and returns the new ids in order. */
async function insertIds<T extends Record<string, unknown>>(
  db: DbOrTx,
  table: typeof s.users | typeof s.places | typeof s.events | typeof s.registrationDates,
  rows: T[],
): Promise<number[]> {
  const ids: number[] = [];
  for (const part of chunks(rows, 500)) {
    const inserted = await db
      .insert(table)
      // biome-ignore lint/suspicious/noExplicitAny: rows are shaped for the table passed in
      .values(part as any)
      .returning({ id: table.id });
    ids.push(...inserted.map((r) => r.id));
  }
  return ids;
}

async function insertAll(
  db: DbOrTx,
  table: Parameters<DbOrTx['insert']>[0],
  rows: Record<string, unknown>[],
) {
  // biome-ignore lint/suspicious/noExplicitAny: rows are shaped for the table passed in
  for (const part of chunks(rows, 1000)) await db.insert(table).values(part as any);
}

export async function seedDemo(db: Db, options: { now?: Date; seed?: number } = {}) {
  const now = options.now ?? new Date();
  const rnd = createRandom(options.seed ?? 20261121);
  const pool = await generateImagePool(getStorage(), seedCategories);
  const [demoHash, otherHash] = await Promise.all([
    hashPassword(demoAccounts.user.password),
    hashPassword(`not-for-login-${rnd.next()}`),
  ]);

  await db.transaction(async (tx) => {
    // A database that already has the reference data (a test template, a restored backup) keeps it.
    const [reference] = await tx.select({ n: count() }).from(s.categories);
    if ((reference?.n ?? 0) === 0) await seedReference(tx, pool);
    else {
      const cases = sql.join(
        Object.entries(pool.categories).map(([slug, key]) => sql`when ${slug} then ${mediaUrl(key)}`),
        sql` `,
      );
      await tx
        .update(s.categories)
        .set({ imageUrl: sql`case ${s.categories.slug} ${cases} end` })
        .where(isNull(s.categories.imageUrl));
    }
    const planRows = await tx.select().from(s.premiumSettings);
    const planByLevel = new Map(planRows.map((p) => [p.level, p.id]));
    const categoryRows = await tx.select().from(s.categories);
    const categoryBySlug = new Map(categoryRows.map((c) => [c.slug, c.id]));
    const languageRows = await tx.select().from(s.languages);
    // Issue 30: attributes from a stream of their own, so the rest of the demo stays as it was.
    const attributeRows = await tx.select().from(s.attributes);
    const attributeRnd = createRandom((options.seed ?? 20261121) + 30);

    // Users: the demo user first, then attendees who write the comments.
    const people = Array.from({ length: demoSize.users }, (_, i) => {
      const first = i === 0 ? 'Anna' : rnd.pick(firstNames);
      const last = i === 0 ? 'Kowalska' : rnd.pick(lastNames);
      return {
        email: i === 0 ? demoAccounts.user.email : `uzytkownik${i}@example.com`,
        passwordHash: i === 0 ? demoHash : otherHash,
        role: 'user' as const,
        firstName: first,
        lastName: last,
        city: i === 0 ? 'Kraków' : rnd.pick(['Kraków', 'Warszawa', 'Gdańsk', 'Wrocław', 'Poznań']),
        emailVerifiedAt: now,
        createdAt: new Date(now.getTime() - rnd.int(1, 400) * 86_400_000),
      };
    });
    const userIds = await insertIds(tx, s.users, people);

    // Companies: the demo company (PRO plan, a Gdańsk venue) first.
    const premium = planByLevel.get(3) ?? null;
    const companies = Array.from({ length: demoSize.companies }, (_, i) => {
      const level = i === 0 ? 3 : rnd.pick([1, 1, 2, 2, 3, 4]);
      return {
        email: i === 0 ? demoAccounts.company.email : `firma${i}@example.com`,
        passwordHash: i === 0 ? demoHash : otherHash,
        role: 'company' as const,
        companyName: i === 0 ? demoAccounts.company.name : `${rnd.pick(lastNames)} Events ${i}`,
        firstName: rnd.pick(firstNames),
        lastName: rnd.pick(lastNames),
        city: 'Gdańsk',
        emailVerifiedAt: now,
        premiumSettingId: i === 0 ? premium : (planByLevel.get(level) ?? null),
        premiumUntil: new Date(now.getTime() + 180 * 86_400_000),
        // Enough for someone trying the demo (or the browser tests, which share one demo database) to add
        // events for a while before meeting the buy-packages dialog.
        eventsLeft: i === 0 ? 50 : rnd.int(0, 15),
        createdAt: new Date(now.getTime() - rnd.int(30, 700) * 86_400_000),
      };
    });
    const companyIds = await insertIds(tx, s.users, companies);

    // Places: the demo company owns three in Gdańsk, the others are spread over the companies.
    const generated = Array.from({ length: demoSize.places }, (_, i) =>
      i < 3 ? generatePlace(rnd, i, 0, 'Gdańsk') : generatePlace(rnd, i, 1 + (i % (demoSize.companies - 1))),
    );
    const placeRows = generated.map((p, i) => {
      const slug = p.name
        .toLowerCase()
        .normalize('NFD')
        .replace(/[^a-z0-9]+/g, '')
        .slice(0, 20);
      return {
        userId: companyIds[p.ownerIndex] as number,
        name: p.name,
        emailContact: `kontakt@${slug || 'miejsce'}.example.com`,
        phone: p.phone,
        url: `https://${slug || 'miejsce'}.example.com`,
        facebook: rnd.chance(0.6) ? `https://facebook.com/${slug}` : null,
        instagram: rnd.chance(0.5) ? `https://instagram.com/${slug}` : null,
        description: p.description,
        city: p.city.name,
        street: p.street,
        postcode: p.postcode,
        lat: p.lat,
        lng: p.lng,
        verified: i < 3 ? true : p.verified,
        verificationState: i < 3 || p.verified ? ('verified' as const) : ('pending' as const),
        visitCount: rnd.int(0, 3000),
        attributeIds: spreadAttributes(attributeRnd, attributeRows, 'place'),
        logoUrl: mediaUrl(rnd.pick(pool.logos)),
        bannerUrl: mediaUrl(rnd.pick(pool.banners)),
        createdAt: new Date(now.getTime() - (demoSize.places - i) * 3_600_000),
      };
    });
    const placeIds = await insertIds(tx, s.places, placeRows);

    const hours: Record<string, unknown>[] = [];
    const images: Record<string, unknown>[] = [];
    const langs: Record<string, unknown>[] = [];
    const cats: Record<string, unknown>[] = [];
    const attractions: Record<string, unknown>[] = [];
    const infos: Record<string, unknown>[] = [];
    const polish = languageRows.find((l) => l.code === 'pl');
    generated.forEach((p, i) => {
      const placeId = placeIds[i] as number;
      for (const h of generateHours(rnd)) hours.push({ placeId, ...h });
      rnd.sample(pool.photos, rnd.int(2, 8)).forEach((key, position) => {
        images.push({ placeId, url: mediaUrl(key), position });
      });
      const spoken = new Set([polish?.id, ...rnd.sample(languageRows, rnd.int(0, 3)).map((l) => l.id)]);
      for (const languageId of spoken) if (languageId) langs.push({ placeId, languageId });
      for (const slug of p.categorySlugs) {
        const categoryId = categoryBySlug.get(slug);
        if (categoryId) cats.push({ placeId, categoryId });
      }
      for (const name of rnd.sample(p.template.attractions, rnd.int(2, 5)))
        attractions.push({ placeId, name });
      for (const name of rnd.sample(p.template.additionalInfos, rnd.int(2, 4))) infos.push({ placeId, name });
    });
    await insertAll(tx, s.placeHours, hours);
    await insertAll(tx, s.placeImages, images);
    await insertAll(tx, s.placeLanguages, langs);
    await insertAll(tx, s.placeCategories, cats);
    await insertAll(tx, s.placeAttractions, attractions);
    await insertAll(tx, s.placeAdditionalInfos, infos);

    await seedComments(tx, rnd, placeIds, userIds, now);

    // Events over the next 90 days, from today.
    const today = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
    const events = Array.from({ length: demoSize.events }, (_, i) => {
      const place = generated[
        i < 30 ? i % 3 : rnd.int(0, generated.length - 1)
      ] as (typeof generated)[number];
      return { place, event: generateEvent(rnd, place, today, demoSize.days) };
    });
    const eventRows = events.map(({ place, event }) => {
      const row = placeRows[place.index] as (typeof placeRows)[number];
      return {
        userId: row.userId,
        placeId: placeIds[place.index] as number,
        categoryId: categoryBySlug.get(event.categorySlug) ?? (categoryRows[0]?.id as number),
        name: event.name,
        lang: event.lang,
        description: event.description,
        placeName: row.name,
        street: row.street,
        postcode: row.postcode,
        city: row.city,
        lat: row.lat,
        lng: row.lng,
        startDate: event.startDate,
        endDate: event.endDate,
        priceMin: event.priceMin,
        priceMax: event.priceMax,
        spotsLeft: event.spotsLeft,
        buyTicketUrl: event.hasTicketUrl ? `https://bilety.example.com/${rnd.int(10000, 99999)}` : null,
        bannerUrl: mediaUrl(rnd.pick(pool.banners)),
        visitCount: event.visitCount,
        attributeIds: spreadAttributes(attributeRnd, attributeRows, 'event'),
        createdAt: new Date(now.getTime() - rnd.int(0, 60 * 24) * 60_000 * 30),
      };
    });
    const eventIds = await insertIds(tx, s.events, eventRows);
    const eventImages: Record<string, unknown>[] = [];
    eventIds.forEach((eventId) => {
      rnd.sample(pool.photos, rnd.int(1, 4)).forEach((key, position) => {
        eventImages.push({ eventId, url: mediaUrl(key), isDefault: position === 0, position });
      });
    });
    await insertAll(tx, s.eventImages, eventImages);

    // Ten promoted events for the home carousel; the demo company's first event among them.
    const promoted = [eventIds[0] as number, ...rnd.sample(eventIds.slice(30), 9)];
    await insertAll(
      tx,
      s.eventPromotions,
      promoted.map((eventId) => ({
        eventId,
        startsAt: new Date(now.getTime() - 86_400_000),
        endsAt: new Date(now.getTime() + rnd.int(7, 30) * 86_400_000),
      })),
    );
    await tx.insert(s.homeAds).values({
      userId: companyIds[0] as number,
      placeId: placeIds[0] as number,
      name: demoAccounts.company.name,
      startsAt: new Date(now.getTime() - 86_400_000),
      endsAt: new Date(now.getTime() + 6 * 86_400_000),
    });

    await seedRegistrations(tx, {
      events: eventRows.map((e, i) => ({
        id: eventIds[i] as number,
        userId: e.userId,
        startDate: e.startDate,
        visitCount: e.visitCount,
      })),
      demoCompany: companyIds[0] as number,
      attendees: userIds,
      now,
      seed: (options.seed ?? 20261121) + 33,
    });

    // The demo user already keeps a few favourites, calendar entries and a conversation.
    const demoUser = userIds[0] as number;
    const someEvents = rnd.sample(eventIds, 6);
    await insertAll(
      tx,
      s.eventFavourites,
      someEvents.slice(0, 4).map((eventId) => ({ userId: demoUser, eventId })),
    );
    await insertAll(
      tx,
      s.calendarEntries,
      someEvents.slice(2).map((eventId) => ({ userId: demoUser, eventId })),
    );
    await insertAll(
      tx,
      s.placeFavourites,
      [0, 5, 9].map((i) => ({ userId: demoUser, placeId: placeIds[i] as number })),
    );
    await insertAll(tx, s.notifications, [
      {
        userId: demoUser,
        type: 'event_published',
        params: { place: placeRows[0]?.name ?? '', event: eventRows[0]?.name ?? '' },
        eventId: eventIds[0] as number,
        placeId: placeIds[0] as number,
      },
      {
        userId: demoUser,
        type: 'event_reminder',
        params: { event: eventRows[someEvents[2] ? eventIds.indexOf(someEvents[2]) : 0]?.name ?? '' },
        eventId: someEvents[2] as number,
      },
      // Issue 29: a followed place that published several events today is one line, linking to the place.
      {
        userId: demoUser,
        type: 'event_published_group',
        params: { place: placeRows[5]?.name ?? '', count: 3 },
        placeId: placeIds[5] as number,
        groupKey: placeDayGroupKey(placeIds[5] as number, now),
      },
    ]);
    const [low, high] = [demoUser, companyIds[0] as number].sort((a, b) => a - b) as [number, number];
    const [conversation] = await tx
      .insert(s.conversations)
      .values({ userLowId: low, userHighId: high, lastMessageAt: new Date(now.getTime() - 3_600_000) })
      .returning({ id: s.conversations.id });
    if (conversation) {
      await insertAll(tx, s.messages, [
        {
          conversationId: conversation.id,
          senderId: demoUser,
          message: 'Dzień dobry, czy na koncert można przyjść z dziećmi?',
          createdAt: new Date(now.getTime() - 7_200_000),
          readAt: new Date(now.getTime() - 7_000_000),
        },
        {
          conversationId: conversation.id,
          senderId: companyIds[0] as number,
          message: 'Dzień dobry! Oczywiście, dzieci do lat 7 wchodzą bezpłatnie.',
          createdAt: new Date(now.getTime() - 3_600_000),
        },
      ]);
    }
  });
}

/**
 * Issue 33: registration on a few of the demo's events, so a newcomer sees it at once: the demo company's first
 * event (the demo user holds two places on it, so "My tickets" has a ticket), and four of the most visited
 * upcoming events, one of them full with a waiting list the demo user is on, one approving each request.
 * From a random stream of its own, so the rest of the demo stays as it was.
 */
async function seedRegistrations(
  tx: DbOrTx,
  {
    events,
    demoCompany,
    attendees,
    now,
    seed,
  }: {
    events: { id: number; userId: number; startDate: Date; visitCount: number }[];
    demoCompany: number;
    attendees: number[];
    now: Date;
    seed: number;
  },
) {
  const rnd = createRandom(seed);
  const soon = now.getTime() + 2 * 86_400_000;
  const popular = events
    .filter((e) => e.userId !== demoCompany && e.startDate.getTime() > soon)
    .sort((a, b) => b.visitCount - a.visitCount)
    .slice(0, 4);
  const own = events[0];
  if (!own || popular.length < 4) return;
  const [demoUser, ...others] = attendees as [number, ...number[]];
  // Each: the terms, then who holds places (attendee, places, status) in the order they came.
  type Taken = [number, number, s.RegistrationStatus];
  const plans: { eventId: number; capacity: number; approval: boolean; taken: Taken[] }[] = [
    {
      eventId: own.id,
      capacity: 30,
      approval: false,
      taken: [
        [demoUser, 2, 'confirmed'],
        ...rnd.sample(others, 6).map((u): Taken => [u, rnd.int(1, 3), 'confirmed']),
      ],
    },
    {
      eventId: (popular[0] as (typeof popular)[number]).id,
      capacity: 12,
      approval: false,
      taken: [
        ...rnd.sample(others.slice(0, 20), 6).map((u): Taken => [u, 2, 'confirmed']),
        ...rnd.sample(others.slice(20), 2).map((u): Taken => [u, 1, 'waiting']),
        [demoUser, 2, 'waiting'],
      ],
    },
    {
      eventId: (popular[1] as (typeof popular)[number]).id,
      capacity: 25,
      approval: false,
      taken: rnd.sample(others, 9).map((u): Taken => [u, rnd.int(1, 3), 'confirmed']),
    },
    {
      eventId: (popular[2] as (typeof popular)[number]).id,
      capacity: 40,
      approval: true,
      taken: rnd.sample(others, 5).map((u, i): Taken => [u, rnd.int(1, 4), i < 3 ? 'confirmed' : 'pending']),
    },
    {
      eventId: (popular[3] as (typeof popular)[number]).id,
      capacity: 60,
      approval: false,
      taken: rnd.sample(others, 4).map((u): Taken => [u, rnd.int(1, 4), 'confirmed']),
    },
  ];
  await tx
    .insert(s.eventRegistration)
    .values(plans.map((p) => ({ eventId: p.eventId, capacity: p.capacity, approval: p.approval })));
  const dateIds = await insertIds(
    tx,
    s.registrationDates,
    plans.map((p) => ({
      eventId: p.eventId,
      held: p.taken.reduce((sum, [, places, status]) => sum + (status === 'confirmed' ? places : 0), 0),
    })),
  );
  const rows = plans.flatMap((p, i) =>
    p.taken.map(([userId, places, status], order) => ({
      dateId: dateIds[i] as number,
      eventId: p.eventId,
      userId,
      places,
      status,
      secret: newTicketSecret(),
      createdAt: new Date(now.getTime() - (p.taken.length - order) * 3_600_000),
    })),
  );
  await insertAll(tx, s.registrations, rows);
}

async function seedComments(tx: DbOrTx, rnd: Random, placeIds: number[], userIds: number[], now: Date) {
  const rows: Record<string, unknown>[] = [];
  for (const placeId of placeIds) {
    for (const userId of rnd.sample(userIds, rnd.int(0, 7))) {
      const c = rnd.pick(commentTexts);
      rows.push({
        placeId,
        userId,
        stars: c.stars,
        comment: c.text,
        answer: rnd.chance(0.3) ? rnd.pick(answerTexts) : null,
        createdAt: new Date(now.getTime() - rnd.int(1, 300) * 86_400_000),
      });
    }
  }
  await insertAll(tx, s.comments, rows);
  // A place's stars are the mean of its ratings; one statement for all places.
  await tx.execute(sql`
    update places set stars = round(agg.mean::numeric, 2)
    from (select place_id, avg(stars) as mean from comments group by place_id) agg
    where places.id = agg.place_id`);
}
