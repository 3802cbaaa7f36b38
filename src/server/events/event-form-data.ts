import 'server-only';
import { asc, eq } from 'drizzle-orm';
import { getDb } from '@/db/client';
import { eventImages, eventMovies, eventRegistration, events, places } from '@/db/schema';
import { textsIn } from '@/lib/content-language';
import { toPln } from '@/lib/format';
import type { Locale } from '@/lib/locale';
import type { EventFormPlace, EventFormRepeat, EventFormValues } from '@/lib/schemas/event-form-values';
import { maxEventImages, maxEventMovies } from '@/lib/spec-limits';
import { dateToWarsaw } from '@/lib/warsaw-time';
import { listAttributes } from '@/server/attributes/catalogue';
import type { AuthUser } from '@/server/auth/access-tokens';
import { listCategories } from '@/server/categories/list-categories';
import { forbidden, notFound } from '@/server/errors';
import { companyMediaLimits } from '@/server/plans/limits';
import { eventsLeftOf } from './quota';
import { seriesExceptionsOf } from './save-series';
import { ruleToFields, seriesDay } from './series';

/**
 * What the event form offers a company (spec §3, §9): its own places, the categories, the plan's
 * photo and film limits (never above 100) and the creations it has left.
 */
export async function getEventFormOptions({ actor, locale }: { actor: AuthUser; locale: Locale }) {
  if (actor.role !== 'company') throw forbidden();
  const db = await getDb();
  const [ownPlaces, categories, limits, eventsLeft, attributes] = await Promise.all([
    db
      .select({
        id: places.id,
        name: places.name,
        city: places.city,
        street: places.street,
        postcode: places.postcode,
      })
      .from(places)
      .where(eq(places.userId, actor.id))
      .orderBy(asc(places.name), asc(places.id)),
    listCategories({ locale }),
    companyMediaLimits(actor.id, 'event'),
    eventsLeftOf(db, actor.id),
    listAttributes({ locale, kind: 'event' }),
  ]);
  return {
    places: ownPlaces satisfies EventFormPlace[],
    categories: categories.map((c) => ({ id: c.id, name: c.name })),
    // Issue 30: the attributes that apply to events, for the form's checkboxes.
    attributes: attributes.map((a) => ({ id: a.id, name: a.name, icon: a.icon, group: a.group })),
    limits,
    eventsLeft,
  };
}

export type EventFormOptions = Awaited<ReturnType<typeof getEventFormOptions>>;

/** Issue 31: the texts of both tabs, whichever language the event was first written in. */
function eventTextsForEdit(event: typeof events.$inferSelect) {
  const own = { name: event.name, place_name: event.placeName, description: event.description };
  const pl = textsIn(event, own, 'pl');
  const en = textsIn(event, own, 'en');
  return { ...pl, name_en: en.name, place_name_en: en.place_name, description_en: en.description };
}

/**
 * The event form's values for editing (spec §4 edit mode): the fields under their form names, the
 * dates as Warsaw wall-clock strings, prices in złoty. Not found for an unknown id, forbidden for
 * another company's event.
 */
export async function getEventForEdit({
  actor,
  eventId,
}: {
  actor: AuthUser;
  eventId: number;
}): Promise<EventFormValues> {
  if (actor.role !== 'company') throw forbidden();
  const db = await getDb();
  const [event] = await db.select().from(events).where(eq(events.id, eventId)).limit(1);
  if (!event) throw notFound();
  if (event.userId !== actor.id) throw forbidden();
  const [images, movies, exceptions, terms] = await Promise.all([
    db
      .select({ id: eventImages.id, url: eventImages.url, isDefault: eventImages.isDefault })
      .from(eventImages)
      .where(eq(eventImages.eventId, eventId))
      .orderBy(asc(eventImages.position), asc(eventImages.id))
      .limit(maxEventImages),
    db
      .select({ youtube: eventMovies.youtube })
      .from(eventMovies)
      .where(eq(eventMovies.eventId, eventId))
      .orderBy(asc(eventMovies.position))
      .limit(maxEventMovies),
    seriesExceptionsOf(db, event.repeatRule ? [event.id] : []),
    db
      .select({ eventId: eventRegistration.eventId })
      .from(eventRegistration)
      .where(eq(eventRegistration.eventId, eventId)),
  ]);
  // A series is edited from its first date, not the one lists show now.
  const start = dateToWarsaw(event.seriesStart ?? event.startDate);
  const end = dateToWarsaw(event.seriesEnd ?? event.endDate);
  return {
    id: event.id,
    place_id: event.placeId,
    category_id: event.categoryId,
    attribute_ids: event.attributeIds,
    ...eventTextsForEdit(event),
    price_min: toPln(event.priceMin),
    price_max: toPln(event.priceMax),
    city: event.city,
    street: event.street ?? '',
    postcode: event.postcode ?? '',
    spots_left: event.spotsLeft,
    registration: terms.length > 0,
    buy_ticket_url: event.buyTicketUrl ?? '',
    virtual_walk: event.virtualWalkUrl ?? '',
    youtube: movies.map((m) => m.youtube),
    start_date: start.date,
    start_date_h: start.time,
    end_date: end.date,
    end_date_h: end.time,
    banner: event.bannerUrl,
    images: images.map((i) => ({ id: i.id, url: i.url, is_default: i.isDefault })),
    repeat: formRepeat(event, exceptions.get(event.id) ?? []),
  };
}

function formRepeat(
  event: { repeatRule: string | null; seriesStart: Date | null },
  exceptions: { originalStart: Date; start: Date | null }[],
): EventFormRepeat | null {
  if (!event.repeatRule || !event.seriesStart) return null;
  const fields = ruleToFields(event.repeatRule, event.seriesStart);
  const ordered = [...exceptions].sort((a, b) => a.originalStart.getTime() - b.originalStart.getTime());
  return {
    freq: fields?.freq ?? 'custom',
    interval: fields?.interval ?? 1,
    days: fields?.days ?? [],
    monthly: fields?.monthly ?? 'date',
    end: fields?.count ? 'count' : 'until',
    until: fields?.until ?? '',
    count: fields?.count ?? null,
    rule: event.repeatRule,
    cancel_dates: ordered.filter((e) => e.start === null).map((e) => seriesDay(e.originalStart)),
    moves: ordered.flatMap((e) =>
      e.start ? [{ from: seriesDay(e.originalStart), ...dateToWarsaw(e.start) }] : [],
    ),
  };
}
