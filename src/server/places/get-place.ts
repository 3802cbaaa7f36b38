import 'server-only';
import { and, asc, count, desc, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import { getReadDb } from '@/db/client';
import {
  categories,
  comments,
  events,
  languages,
  placeAdditionalInfos,
  placeAttractions,
  placeCategories,
  placeFavourites,
  placeHours,
  placeImages,
  placeLanguages,
  placeMovies,
  places,
  users,
} from '@/db/schema';
import { shownText } from '@/lib/content-language';
import type { Locale } from '@/lib/locale';
import { openState, warsawDateTime } from '@/lib/opening-hours';
import { placeEventSchema } from '@/lib/schemas/event-responses';
import type { NearbyPlace, PlaceDetail } from '@/lib/schemas/place-responses';
import { attributeNamer, attributesOf } from '@/server/attributes/catalogue';
import type { DetailRequest } from '@/server/detail-request';
import { notFound } from '@/server/errors';
import { eventCardColumns, toEventCard } from '@/server/events/event-cards';
import { getEffectivePlan } from '@/server/plans/effective-plan';
import { hideByPlan, planFeatures } from '@/server/plans/features';
import { arcOf, chordBetween, chordOf, earthPoint } from '@/server/search/earth';
import { cachedSearch, weighRecord } from '@/server/search/search-cache';
import { placeCardColumns, toPlaceCard } from './place-cards';
import { hhmm, specialHoursFrom } from './place-hours';
import { placeTextsByLanguage, shownList } from './place-texts';

/**
 * A place as spec §3 describes it, with what its owner's plan does not allow left out (null or empty),
 * so neither the page nor an API client can show it. One round of parallel queries.
 */
export async function getPlaceDetail({
  id,
  locale,
  viewerId = null,
  now,
}: DetailRequest): Promise<PlaceDetail> {
  // Issue 32: what everyone sees is read once a minute (open now, upcoming events) and kept until the data
  // behind it changes (the search cache's triggers and this process's own writes empty it); the visit count
  // and the viewer's state are read per request.
  const at = now ?? new Date(Math.floor(Date.now() / 60_000) * 60_000);
  const [shared, personal] = await Promise.all([
    now
      ? readSharedPlace(id, locale, at)
      : cachedSearch(
          `place-detail:${id}:${locale}:${at.getTime()}`,
          () => readSharedPlace(id, locale, at),
          weighRecord,
        ),
    readViewerState(id, viewerId),
  ]);
  const { ownerTexts, ...detail } = shared;
  // The owner edits every language; others get the one shown.
  return {
    ...detail,
    ...(viewerId === detail.user.id ? { texts: ownerTexts } : {}),
    ...personal,
  };
}

/**
 * What is read for each request: the visit count (the counter's writes do not empty the kept record) and
 * whether the viewer keeps the place among their favourites. One statement.
 */
async function readViewerState(id: number, viewerId: number | null) {
  const db = await getReadDb();
  const [row] = await db
    .select({
      visit_count: places.visitCount,
      is_favourite: viewerId
        ? sql<boolean>`exists (select 1 from ${placeFavourites} where ${placeFavourites.userId} = ${viewerId} and ${placeFavourites.placeId} = ${places.id})`
        : sql<boolean>`false`,
    })
    .from(places)
    .where(eq(places.id, id));
  return row ?? { is_favourite: false };
}

type SharedPlace = Omit<PlaceDetail, 'is_favourite' | 'texts'> & {
  ownerTexts: NonNullable<PlaceDetail['texts']>;
};

/** The place as anyone sees it at `now`, plus its owner's texts in every language. */
async function readSharedPlace(id: number, locale: Locale, now: Date): Promise<SharedPlace> {
  const db = await getReadDb();
  const [row] = await db
    .select({ place: places, owner: { id: users.id, companyName: users.companyName, email: users.email } })
    .from(places)
    .innerJoin(users, eq(users.id, places.userId))
    .where(and(eq(places.id, id), isNull(places.hiddenAt)))
    .limit(1);
  if (!row) throw notFound();
  const { place, owner } = row;
  const name = locale === 'en' ? categories.nameEn : categories.namePl;
  const langName = locale === 'en' ? languages.nameEn : languages.namePl;
  const today = warsawDateTime(now).date;
  const upcoming = and(eq(events.placeId, id), gt(events.endDate, now), isNull(events.hiddenAt));
  const shownComments = and(eq(comments.placeId, id), isNull(comments.hiddenAt));
  const [
    plan,
    hours,
    images,
    langs,
    attractions,
    infos,
    movies,
    cats,
    commentRows,
    [commentTotal],
    eventRows,
    [eventTotal],
    specialRows,
  ] = await Promise.all([
    getEffectivePlan(db, owner.id),
    db.select().from(placeHours).where(eq(placeHours.placeId, id)).orderBy(asc(placeHours.weekDay)),
    db
      .select()
      .from(placeImages)
      .where(eq(placeImages.placeId, id))
      .orderBy(asc(placeImages.position), asc(placeImages.id)),
    db
      .select({ id: languages.id, name: langName })
      .from(placeLanguages)
      .innerJoin(languages, eq(languages.id, placeLanguages.languageId))
      .where(eq(placeLanguages.placeId, id))
      .orderBy(asc(languages.id)),
    db
      .select({ name: placeAttractions.name, lang: placeAttractions.lang })
      .from(placeAttractions)
      .where(eq(placeAttractions.placeId, id))
      .orderBy(asc(placeAttractions.id)),
    db
      .select({ name: placeAdditionalInfos.name, lang: placeAdditionalInfos.lang })
      .from(placeAdditionalInfos)
      .where(eq(placeAdditionalInfos.placeId, id))
      .orderBy(asc(placeAdditionalInfos.id)),
    db
      .select({ youtube: placeMovies.youtube })
      .from(placeMovies)
      .where(eq(placeMovies.placeId, id))
      .orderBy(asc(placeMovies.position)),
    db
      .select({ id: categories.id, name })
      .from(placeCategories)
      .innerJoin(categories, eq(categories.id, placeCategories.categoryId))
      .where(eq(placeCategories.placeId, id))
      .orderBy(asc(categories.position)),
    db
      .select({
        comment: comments,
        user: {
          id: users.id,
          firstName: users.firstName,
          lastName: users.lastName,
          imageUrl: users.imageUrl,
        },
      })
      .from(comments)
      .innerJoin(users, eq(users.id, comments.userId))
      .where(shownComments)
      .orderBy(desc(comments.createdAt), desc(comments.id))
      .limit(100),
    db.select({ n: count() }).from(comments).where(shownComments),
    db.select(eventCardColumns).from(events).where(upcoming).orderBy(asc(events.startDate)).limit(50),
    db.select({ n: count() }).from(events).where(upcoming),
    specialHoursFrom(db, id, today),
  ]);
  const shownHours = (h: { from: string | null; to: string | null; closed: boolean; wholeDay: boolean }) => ({
    from: hhmm(h.from),
    to: hhmm(h.to),
    closed: h.closed ? 1 : 0,
    whole_day: h.wholeDay ? 1 : 0,
  });
  const hoursOut = hours.map((h) => ({ week_day: h.weekDay, ...shownHours(h) }));
  const specialOut = specialRows.map((s) => ({ date: s.date, ...shownHours(s) }));
  const asRule = <T extends { closed: number; whole_day: number }>(h: T) => ({
    ...h,
    closed: h.closed === 1,
    whole_day: h.whole_day === 1,
  });
  const openNow = openState(hoursOut.map(asRule), specialOut.map(asRule), now);

  // Issue 31: each text in the request's language where written, else in another, saying which.
  const shownName = shownText(place, place.name, 'name', locale);
  const shownDescription = shownText(place, place.description, 'description', locale);
  const shownAttractions = shownList(attractions, locale, place.lang);
  const shownInfos = shownList(infos, locale, place.lang);
  const features = planFeatures(plan);
  const shown = hideByPlan(features, {
    email: place.emailContact ?? owner.email,
    email_contact: place.emailContact,
    phone: place.phone,
    phone2: place.phone2,
    phone3: place.phone3,
    url: place.url,
    facebook: place.facebook,
    instagram: place.instagram,
    linked_in: place.linkedIn,
    // Spec §4: a virtual walk is shown only once verified.
    virtual_walk:
      place.virtualWalkUrl && place.virtualWalkVerified
        ? { url: place.virtualWalkUrl, verified: true }
        : null,
    description: shownDescription?.text ?? null,
    lat: place.lat,
    lng: place.lng,
    images: images.map((i) => ({ id: i.id, url: i.url })),
    movies,
  });
  return {
    id: place.id,
    name: shownName?.text ?? place.name,
    company_name: owner.companyName,
    email: shown.email,
    email_contact: shown.email_contact,
    phone: shown.phone,
    phone2: shown.phone2,
    phone3: shown.phone3,
    url: shown.url,
    facebook: shown.facebook,
    instagram: shown.instagram,
    linked_in: shown.linked_in,
    virtual_walk: shown.virtual_walk,
    description: shown.description,
    city: place.city,
    street: place.street,
    postcode: place.postcode,
    lat: shown.lat,
    lng: shown.lng,
    stars: Math.round(place.stars * 10) / 10,
    visit_count: place.visitCount,
    verified: place.verified,
    logo: place.logoUrl ? { url: place.logoUrl } : null,
    banner: place.bannerUrl ? { url: place.bannerUrl } : null,
    images: shown.images,
    languages: langs,
    // Issue 30: step-free entrance, changing table… named in the request's language.
    attributes: await attributesOf(place.attributeIds, locale),
    attractions: shownAttractions.items,
    additional_infos: shownInfos.items,
    movies: shown.movies,
    text_lang: {
      name: shownName?.lang ?? 'pl',
      description: shown.description === null ? null : (shownDescription?.lang ?? null),
      attractions: shownAttractions.lang,
      additional_infos: shownInfos.lang,
    },
    categories: cats,
    place_hours: hoursOut,
    special_hours: specialOut.filter((s) => s.date >= today),
    open_now: openNow.open ? { open: true, until: openNow.until } : { open: false, until: null },
    comments: commentRows.map(({ comment, user }) => ({
      id: comment.id,
      user: {
        id: user.id,
        first_name: user.firstName,
        last_name: user.lastName,
        image: user.imageUrl ? { url: user.imageUrl } : null,
      },
      stars: comment.stars,
      comment: comment.comment,
      answer: comment.answer,
      created_at: comment.createdAt.toISOString(),
    })),
    comments_count: commentTotal?.n ?? 0,
    events: eventRows.map((e) => placeEventSchema.parse(toEventCard(e, undefined, locale))),
    events_count: eventTotal?.n ?? 0,
    user: { id: owner.id, company_name: owner.companyName },
    features,
    created_at: place.createdAt.toISOString(),
    ownerTexts: placeTextsByLanguage(place, attractions, infos),
  };
}

/** Other places near this one (spec §2 "other nearby attractions"), nearest first, within 30 km. */
export async function listNearbyPlaces({
  id,
  locale,
  limit = 8,
}: {
  id: number;
  locale: Locale;
  limit?: number;
}): Promise<NearbyPlace[]> {
  const [db, named] = await Promise.all([getReadDb(), attributeNamer(locale)]);
  const [origin] = await db
    .select({ lat: places.lat, lng: places.lng })
    .from(places)
    .where(eq(places.id, id))
    .limit(1);
  if (!origin?.lat || !origin.lng) return [];
  const point = earthPoint(origin.lat, origin.lng);
  const chord = chordBetween(point, places.earth);
  const rows = await db
    .select({ ...placeCardColumns, distance: sql<number>`${arcOf(chord)}` })
    .from(places)
    .where(
      and(
        ne(places.id, id),
        isNull(places.hiddenAt),
        sql`earth_box(${point}, 30000) @> ${places.earth}`,
        sql`${chord} <= ${chordOf(sql`30000`)}`,
      ),
    )
    .orderBy(chord)
    .limit(limit);
  return rows.map((r) => ({
    ...toPlaceCard(r, named, locale),
    distance_km: Math.round(Number(r.distance) / 100) / 10,
  }));
}
