import 'server-only';
import { and, asc, count, desc, eq, isNull, sql } from 'drizzle-orm';
import { getDb, getReadDb } from '@/db/client';
import {
  calendarEntries,
  categories,
  comments,
  eventFavourites,
  eventImages,
  eventMovies,
  events,
  places,
  users,
} from '@/db/schema';
import { shownText, textsIn } from '@/lib/content-language';
import { toPln } from '@/lib/format';
import type { Locale } from '@/lib/locale';
import { type EventDetail, type OwnEvent, ownEventSchema } from '@/lib/schemas/event-responses';
import { loadAttributes, shownAttributes } from '@/server/attributes/catalogue';
import type { AuthUser } from '@/server/auth/access-tokens';
import type { DetailRequest } from '@/server/detail-request';
import { forbidden, notFound } from '@/server/errors';
import { getEffectivePlan } from '@/server/plans/effective-plan';
import { hideByPlan, planFeatures } from '@/server/plans/features';
import { cachedSearch, weighRecord } from '@/server/search/search-cache';
import { eventCardColumns, toEventCard } from './event-cards';
import { seriesOf } from './save-series';

/** An event as spec §3 describes it, with the place summary and the viewer's favourite/calendar state. */
export async function getEventDetail({
  id,
  locale,
  viewerId = null,
  now,
}: DetailRequest): Promise<EventDetail> {
  // Issue 32: what everyone sees is read once and kept until the data behind it changes (the search
  // cache's triggers and this process's own writes empty it); the visit count and the viewer's state are
  // read per request.
  const [shared, personal] = await Promise.all([
    now
      ? readSharedDetail(id, locale, now)
      : cachedSearch(`event-detail:${id}:${locale}`, () => readSharedDetail(id, locale), weighRecord),
    readViewerState(id, viewerId),
  ]);
  const { ownerTexts, ...detail } = shared;
  // The owner edits every language; others get the one shown.
  return { ...detail, ...(viewerId === detail.user_id ? { texts: ownerTexts } : {}), ...personal };
}

/**
 * What is read for each request: the visit count (the counter's writes do not empty the kept record) and
 * whether the viewer keeps the event among their favourites and in their calendar. One statement.
 */
async function readViewerState(id: number, viewerId: number | null) {
  const db = await getReadDb();
  const kept = (table: typeof eventFavourites | typeof calendarEntries) =>
    viewerId
      ? sql<boolean>`exists (select 1 from ${table} where ${table.userId} = ${viewerId} and ${table.eventId} = ${events.id})`
      : sql<boolean>`false`;
  const [row] = await db
    .select({
      visit_count: events.visitCount,
      is_favourite: kept(eventFavourites),
      in_calendar: kept(calendarEntries),
    })
    .from(events)
    .where(eq(events.id, id));
  return row ?? { is_favourite: false, in_calendar: false };
}

type SharedDetail = Omit<EventDetail, 'is_favourite' | 'in_calendar' | 'texts'> & {
  ownerTexts: NonNullable<EventDetail['texts']>;
};

/** The event as anyone sees it, plus its owner's texts in every language. */
async function readSharedDetail(id: number, locale: Locale, now?: Date): Promise<SharedDetail> {
  const db = await getReadDb();
  const [row] = await db
    .select({
      event: events,
      place: {
        id: places.id,
        name: places.name,
        lang: places.lang,
        translations: places.translations,
        logoUrl: places.logoUrl,
        url: places.url,
        phone: places.phone,
        emailContact: places.emailContact,
        attributeIds: places.attributeIds,
        stars: places.stars,
      },
      owner: { id: users.id, email: users.email, companyName: users.companyName },
      category: { id: categories.id, name: locale === 'en' ? categories.nameEn : categories.namePl },
    })
    .from(events)
    .innerJoin(places, eq(places.id, events.placeId))
    .innerJoin(users, eq(users.id, events.userId))
    .innerJoin(categories, eq(categories.id, events.categoryId))
    .where(and(eq(events.id, id), isNull(events.hiddenAt)))
    .limit(1);
  if (!row) throw notFound();
  const { event, place, owner, category } = row;
  const [plan, images, movies, [commentTotal], series] = await Promise.all([
    getEffectivePlan(db, owner.id),
    db
      .select()
      .from(eventImages)
      .where(eq(eventImages.eventId, id))
      .orderBy(asc(eventImages.position), asc(eventImages.id))
      .limit(100),
    db
      .select()
      .from(eventMovies)
      .where(eq(eventMovies.eventId, id))
      .orderBy(asc(eventMovies.position))
      .limit(100),
    db
      .select({ n: count() })
      .from(comments)
      .where(and(eq(comments.placeId, place.id), isNull(comments.hiddenAt))),
    seriesOf(db, event, now),
  ]);
  const commentsCount = commentTotal?.n ?? 0;
  const features = planFeatures(plan);
  const catalogue = await loadAttributes();
  const shown = hideByPlan(features, {
    url: place.url,
    phone: place.phone,
    email: place.emailContact ?? owner.email,
  });
  const name = shownText(event, event.name, 'name', locale);
  const description = shownText(event, event.description, 'description', locale);
  const placeName =
    shownText(event, event.placeName, 'place_name', locale) ?? shownText(place, place.name, 'name', locale);
  const own = { name: event.name, description: event.description, place_name: event.placeName };
  return {
    id: event.id,
    name: name?.text ?? event.name,
    description: description?.text ?? null,
    place_id: place.id,
    place_name: placeName?.text ?? place.name,
    text_lang: {
      name: name?.lang ?? 'pl',
      description: description?.lang ?? null,
      place_name: placeName?.lang ?? 'pl',
    },
    street: event.street,
    postcode: event.postcode,
    city: event.city,
    lat: event.lat,
    lng: event.lng,
    start_date: event.startDate.toISOString(),
    end_date: event.endDate.toISOString(),
    price_min: toPln(event.priceMin),
    price_max: toPln(event.priceMax),
    spots_left: event.spotsLeft,
    buy_ticket_url: event.buyTicketUrl,
    banner: event.bannerUrl ? { url: event.bannerUrl } : null,
    images: images.map((i) => ({ id: i.id, url: i.url, is_default: i.isDefault })),
    movies: movies.map((m) => m.youtube),
    // Spec §4: a virtual walk is shown only once verified.
    virtual_walk:
      event.virtualWalkUrl && event.virtualWalkVerified
        ? { url: event.virtualWalkUrl, verified: true }
        : null,
    category,
    attributes: shownAttributes(catalogue, event.attributeIds, locale),
    visit_count: event.visitCount,
    comments_count: commentsCount,
    place: {
      id: place.id,
      name: shownText(place, place.name, 'name', locale)?.text ?? place.name,
      logo: place.logoUrl ? { url: place.logoUrl } : null,
      attributes: shownAttributes(catalogue, place.attributeIds, locale),
      // The owner's contact details follow the same plan rules as the place page.
      url: shown.url,
      phone: shown.phone,
      stars: Math.round(place.stars * 10) / 10,
      comments_count: commentsCount,
      user: {
        id: owner.id,
        email: shown.email,
        company_name: owner.companyName,
        messenger_access: features.messenger_access,
      },
    },
    user_id: owner.id,
    series,
    created_at: event.createdAt.toISOString(),
    updated_at: event.updatedAt.toISOString(),
    ownerTexts: { pl: textsIn(event, own, 'pl'), en: textsIn(event, own, 'en') },
  };
}

/** Spec §7 GET /api/event/get_mine: the company's events, upcoming first then past. */
export async function listMyEvents({ actor }: { actor: AuthUser }): Promise<OwnEvent[]> {
  if (actor.role !== 'company') throw forbidden();
  const db = await getDb();
  const rows = await db
    .select({ ...eventCardColumns, placeId: events.placeId })
    .from(events)
    .where(eq(events.userId, actor.id))
    .orderBy(desc(events.startDate));
  return rows.map((r) => ownEventSchema.parse({ ...toEventCard(r), place_id: r.placeId }));
}
