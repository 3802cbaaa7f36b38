import 'server-only';
import { and, desc, eq, gt, inArray, notInArray, sql } from 'drizzle-orm';
import { getDb, type Tx } from '@/db/client';
import { categories, eventImages, eventMovies, eventOccurrences, events, places, users } from '@/db/schema';
import { formatDateTime } from '@/lib/format';
import { sanitizeDescription, sanitizedTranslations } from '@/lib/sanitize-html';
import type { EventInput } from '@/lib/schemas/event';
import { checkAttributeIds } from '@/server/attributes/catalogue';
import type { AuthUser } from '@/server/auth/access-tokens';
import { AppError, fieldError, forbidden, notFound } from '@/server/errors';
import { saveWithImages, stageAll, type Upload } from '@/server/media/uploads';
import { getEffectivePlan } from '@/server/plans/effective-plan';
import { assertPlanLimits } from '@/server/plans/limits';
import { givesCreationBack } from './creation-back';
import { cancelledCalendarParams, notifyEventFollowers, notifyPlaceFollowers } from './notify-followers';
import { planSeries, type SeriesPlan, seriesColumns, seriesExceptionsOf, writeSeries } from './save-series';
import type { SeriesException } from './series';

export interface EventUploads {
  banner?: Upload;
  images: Upload[];
}

async function placeOf(actor: AuthUser, placeId: number) {
  const db = await getDb();
  const [place] = await db.select().from(places).where(eq(places.id, placeId)).limit(1);
  if (!place) throw fieldError('place_id', 'validation.invalid_option');
  // Spec §6: events only at the company's own places.
  if (place.userId !== actor.id) throw forbidden('events.not_your_place');
  return place;
}

async function ensureCategory(categoryId: number) {
  const db = await getDb();
  const [row] = await db
    .select({ id: categories.id })
    .from(categories)
    .where(eq(categories.id, categoryId))
    .limit(1);
  if (!row) throw fieldError('category_id', 'validation.invalid_option');
}

async function planOf(actorId: number) {
  return getEffectivePlan(await getDb(), actorId);
}

async function writeMedia(
  tx: Tx,
  {
    eventId,
    input,
    gallery,
    existingKept,
  }: { eventId: number; input: EventSaveInput; gallery: string[]; existingKept: number[] },
) {
  await tx
    .delete(eventImages)
    .where(
      existingKept.length
        ? and(eq(eventImages.eventId, eventId), notInArray(eventImages.id, existingKept))
        : eq(eventImages.eventId, eventId),
    );
  const added = gallery.length
    ? await tx
        .insert(eventImages)
        .values(
          gallery.map((url, i) => ({ eventId, url, position: existingKept.length + i, isDefault: false })),
        )
        .returning({ id: eventImages.id })
    : [];
  const all = await tx
    .select({ id: eventImages.id, isDefault: eventImages.isDefault })
    .from(eventImages)
    .where(eq(eventImages.eventId, eventId))
    .orderBy(eventImages.position, eventImages.id);
  // Exactly one default photo when there are photos: the chosen one, else the current one, else the first.
  const [kind, ref] = (input.default_image ?? '').split(':');
  const chosen =
    kind === 'new'
      ? added[Number(ref)]?.id
      : kind === 'id' && existingKept.includes(Number(ref))
        ? Number(ref)
        : undefined;
  const defaultId = chosen ?? all.find((i) => i.isDefault)?.id ?? all[0]?.id;
  if (defaultId !== undefined) {
    await tx
      .update(eventImages)
      .set({ isDefault: sql`${eventImages.id} = ${defaultId}` })
      .where(eq(eventImages.eventId, eventId));
  }
  await tx.delete(eventMovies).where(eq(eventMovies.eventId, eventId));
  if (input.youtube.length) {
    await tx
      .insert(eventMovies)
      .values(input.youtube.map((youtube, position) => ({ eventId, youtube, position })));
  }
}

/**
 * What a save writes: the form's input, whose prices and places are always given, or an import's, where
 * they are null, unknown (issue 29).
 */
export type EventSaveInput = Omit<EventInput, 'priceMinGrosze' | 'priceMaxGrosze' | 'spots_left'> & {
  priceMinGrosze: number | null;
  priceMaxGrosze: number | null;
  spots_left: number | null;
};

function eventRow(
  input: EventSaveInput,
  place: typeof places.$inferSelect,
  series: SeriesPlan | null = null,
) {
  return {
    categoryId: input.category_id,
    name: input.name,
    description: input.description ? sanitizeDescription(input.description) : null,
    // The address defaults to the place's (spec §2: the place picker prefills it), in the place's language.
    placeName:
      input.place_name ??
      (input.lang === place.lang ? place.name : (place.translations[input.lang]?.name ?? place.name)),
    lang: input.lang,
    translations: sanitizedTranslations(input.translations),
    city: input.city ?? place.city,
    street: input.street ?? place.street,
    postcode: input.postcode ?? place.postcode,
    lat: place.lat,
    lng: place.lng,
    startDate: input.startDate,
    endDate: input.endDate,
    priceMin: input.priceMinGrosze,
    priceMax: input.priceMaxGrosze,
    spotsLeft: input.spots_left,
    buyTicketUrl: input.buy_ticket_url ?? null,
    virtualWalkUrl: input.virtual_walk ?? null,
    // A series shows its current date (save-series.ts); the form's dates are its first one.
    ...seriesColumns(series, input),
    updatedAt: new Date(),
  };
}

/**
 * Spec §7 POST /api/event: a company creates an event at a place it owns, taking one of its left
 * creations. The decrement is a single conditional UPDATE, so parallel requests can never take more
 * creations than there are (and the CHECK on events_left backs it up).
 */
export async function createEvent({
  actor,
  input,
  files,
}: {
  actor: AuthUser;
  input: EventInput;
  files: EventUploads;
}) {
  if (actor.role !== 'company') throw forbidden();
  if (input.place_id === undefined) throw fieldError('place_id', 'validation.required');
  const place = await placeOf(actor, input.place_id);
  await ensureCategory(input.category_id);
  assertPlanLimits(await planOf(actor.id), 'event', {
    images: files.images.length,
    movies: input.youtube.length,
  });
  const series = planSeries(input, new Date());
  const db = await getDb();
  const [quota] = await db.select({ left: users.eventsLeft }).from(users).where(eq(users.id, actor.id));
  if ((quota?.left ?? 0) <= 0) throw new AppError('quota_exceeded', 'events.quota_empty');
  return saveWithImages(async (stage) => {
    const banner = files.banner ? await stage(files.banner, 'banner') : null;
    const gallery = await stageAll(stage, files.images, 'photo');
    return db.transaction((tx) =>
      insertEventIn(tx as Tx, {
        actorId: actor.id,
        input,
        place,
        extra: { bannerUrl: banner?.url ?? null },
        gallery: gallery.map((g) => g.url),
        series,
      }),
    );
  });
}

/**
 * The write of a new event inside a caller's transaction: one creation taken (a series takes one, however
 * many dates it has), the row, its dates, its media, the place's followers told. Shared by the form and
 * the calendar import (issue 17), which applies a whole feed in one transaction.
 */
export async function insertEventIn(
  tx: Tx,
  {
    actorId,
    input,
    place,
    extra = {},
    gallery = [],
    series = planSeries(input, new Date()),
  }: {
    actorId: number;
    input: EventSaveInput;
    place: typeof places.$inferSelect;
    extra?: Partial<Pick<typeof events.$inferInsert, 'bannerUrl' | 'importId' | 'importUid'>>;
    gallery?: string[];
    series?: SeriesPlan | null;
  },
) {
  const taken = await tx
    .update(users)
    .set({ eventsLeft: sql`${users.eventsLeft} - 1` })
    .where(and(eq(users.id, actorId), gt(users.eventsLeft, 0)))
    .returning({ left: users.eventsLeft });
  if (taken.length === 0) throw new AppError('quota_exceeded', 'events.quota_empty');
  const [event] = await tx
    .insert(events)
    .values({
      ...eventRow(input, place, series),
      ...extra,
      userId: actorId,
      placeId: place.id,
      // Issue 30: each attribute must exist and apply to events (a 422 on attribute_ids otherwise).
      ...(input.attribute_ids
        ? { attributeIds: await checkAttributeIds(tx, input.attribute_ids, 'event') }
        : {}),
    })
    .returning({ id: events.id });
  if (!event) throw new Error('event insert returned nothing');
  await writeSeries(tx, event.id, series);
  await writeMedia(tx, { eventId: event.id, input, gallery, existingKept: [] });
  await notifyPlaceFollowers(tx, {
    placeId: place.id,
    eventId: event.id,
    params: { place: place.name, event: input.name },
  });
  return { id: event.id, eventsLeft: taken[0]?.left ?? 0 };
}

/**
 * An imported event read again: only what the calendar says (name, description, times, ticket link, a
 * series' rule and exceptions) is written, so what the company set in the form (category, prices, places
 * left, pictures, address) stays. Followers are told only of a real change: the import reads its
 * calendar every hour. True when changed.
 */
export async function updateImportedEventIn(
  tx: Tx,
  {
    eventId,
    input,
    place,
    series,
  }: {
    eventId: number;
    input: EventSaveInput;
    place: typeof places.$inferSelect;
    /** The import's `planSeries` of the input, made once with the run's clock. */
    series: SeriesPlan | null;
  },
): Promise<boolean> {
  const row = eventRow(input, place, series);
  const fromCalendar = {
    name: row.name,
    description: row.description,
    startDate: row.startDate,
    endDate: row.endDate,
    buyTicketUrl: row.buyTicketUrl,
    repeatRule: row.repeatRule,
    seriesStart: row.seriesStart,
    seriesEnd: row.seriesEnd,
  };
  const [current] = await tx
    .select({
      name: events.name,
      description: events.description,
      startDate: events.startDate,
      endDate: events.endDate,
      buyTicketUrl: events.buyTicketUrl,
      repeatRule: events.repeatRule,
      seriesStart: events.seriesStart,
      seriesEnd: events.seriesEnd,
    })
    .from(events)
    .where(eq(events.id, eventId));
  if (!current) return false;
  const time = (d: Date | null) => d?.getTime() ?? null;
  const exceptionKeys = (list: SeriesException[]) =>
    list
      .map((e) => `${e.originalStart.getTime()}>${time(e.start)}:${e.name ?? ''}`)
      .sort()
      .join(',');
  // Exceptions older than an imported series' window leave the plan as time passes: not a change.
  const before = ((await seriesExceptionsOf(tx, [eventId])).get(eventId) ?? []).filter(
    (e) => !series?.keptFrom || e.originalStart.getTime() >= series.keptFrom.getTime(),
  );
  // A series is compared by its rule, first date and exceptions: the date it shows moves on by itself.
  const sameDates = series
    ? current.repeatRule === series.rule &&
      time(current.seriesStart) === series.seriesStart.getTime() &&
      time(current.seriesEnd) === series.seriesEnd.getTime() &&
      exceptionKeys(before) === exceptionKeys(series.exceptions)
    : current.repeatRule === null &&
      current.startDate.getTime() === row.startDate.getTime() &&
      current.endDate.getTime() === row.endDate.getTime();
  const same =
    sameDates &&
    current.name === fromCalendar.name &&
    current.description === fromCalendar.description &&
    current.buyTicketUrl === fromCalendar.buyTicketUrl;
  if (same) {
    if (series) {
      // An endless series is written up to a horizon from now: each run carries it on, telling nobody.
      const [last] = await tx
        .select({ originalStart: eventOccurrences.originalStart })
        .from(eventOccurrences)
        .where(eq(eventOccurrences.eventId, eventId))
        .orderBy(desc(eventOccurrences.originalStart))
        .limit(1);
      const planned = Math.max(...series.occurrences.map((o) => o.originalStart.getTime()));
      if (planned > (last?.originalStart.getTime() ?? 0)) await writeSeries(tx, eventId, series);
    }
    return false;
  }
  await tx
    .update(events)
    .set({ ...fromCalendar, updatedAt: row.updatedAt })
    .where(eq(events.id, eventId));
  const cancelled = sameDates ? [] : await writeSeries(tx, eventId, series);
  await notifyEdited(tx, { eventId, name: input.name, cancelled });
  return true;
}

/**
 * Followers of an edited event hear of it: of the dates the edit cancelled, when it cancelled some (a
 * series, issue 17), else that it changed.
 */
async function notifyEdited(
  tx: Tx,
  { eventId, name, cancelled }: { eventId: number; name: string; cancelled: Date[] },
) {
  await notifyEventFollowers(
    tx,
    cancelled.length
      ? {
          eventId,
          type: 'event_date_cancelled',
          params: { event: name, dates: cancelled.map(formatDateTime).join(', ') },
        }
      : { eventId, type: 'event_changed', params: { event: name } },
  );
}

export async function ownedEvent(actor: AuthUser, eventId: number) {
  if (actor.role !== 'company') throw forbidden();
  const db = await getDb();
  const [event] = await db.select().from(events).where(eq(events.id, eventId)).limit(1);
  if (!event) throw notFound();
  if (event.userId !== actor.id) throw forbidden();
  return event;
}

/** Spec §7 POST /api/event/{id} with _method=PUT: the owner edits; followers are told. */
export async function updateEvent({
  actor,
  eventId,
  input,
  files,
}: {
  actor: AuthUser;
  eventId: number;
  input: EventInput;
  files: EventUploads;
}) {
  const event = await ownedEvent(actor, eventId);
  const place = await placeOf(actor, input.place_id ?? event.placeId);
  await ensureCategory(input.category_id);
  const series = planSeries(input, new Date());
  const plan = await planOf(actor.id);
  const db = await getDb();
  const kept = input.preloaded.length
    ? (
        await db
          .select({ id: eventImages.id })
          .from(eventImages)
          .where(and(eq(eventImages.eventId, eventId), inArray(eventImages.id, input.preloaded)))
      ).map((r) => r.id)
    : [];
  assertPlanLimits(plan, 'event', {
    images: kept.length + files.images.length,
    movies: input.youtube.length,
  });
  await saveWithImages(async (stage) => {
    const banner = files.banner ? await stage(files.banner, 'banner') : null;
    const gallery = await stageAll(stage, files.images, 'photo');
    return db.transaction(async (tx) => {
      // Issue 14: a changed walk link goes back to the admin's queue and is hidden until verified.
      const walkReview =
        (event.virtualWalkUrl ?? null) === (input.virtual_walk ?? null)
          ? {}
          : { walkState: 'pending' as const, virtualWalkVerified: false, walkReason: null };
      // Issue 30: absent, the attributes stay as they are; sent, each must exist and apply to events.
      const attributeIds =
        input.attribute_ids === undefined
          ? undefined
          : await checkAttributeIds(tx, input.attribute_ids, 'event');
      await tx
        .update(events)
        .set({
          ...eventRow(input, place, series),
          ...walkReview,
          ...(attributeIds ? { attributeIds } : {}),
          placeId: place.id,
          ...(banner ? { bannerUrl: banner.url } : {}),
        })
        .where(eq(events.id, eventId));
      const cancelled = await writeSeries(tx, eventId, series);
      await writeMedia(tx as Tx, { eventId, input, gallery: gallery.map((g) => g.url), existingKept: kept });
      await notifyEdited(tx, { eventId, name: input.name, cancelled });
    });
  });
  return { id: eventId };
}

/**
 * Spec §7 DELETE /api/event/{id}: the owner cancels; calendars and favourites hear of it. Issue 29: an
 * event that has not started gives its creation back (creation-back.ts), in the same transaction, and
 * only the request that really deleted the row does, so two deletes at once give back one creation.
 */
export async function deleteEvent({
  actor,
  eventId,
  now = new Date(),
}: {
  actor: AuthUser;
  eventId: number;
  now?: Date;
}): Promise<{ creationBack: boolean }> {
  const event = await ownedEvent(actor, eventId);
  const db = await getDb();
  return db.transaction(async (tx) => {
    const removed = await removeEventIn(tx as Tx, event);
    if (!removed || !givesCreationBack(removed, now)) return { creationBack: false };
    await tx
      .update(users)
      .set({ eventsLeft: sql`${users.eventsLeft} + 1` })
      .where(eq(users.id, event.userId));
    return { creationBack: true };
  });
}

/**
 * A cancelled event inside a caller's transaction (the form's delete, an import's CANCELLED VEVENT); the
 * deleted row's dates as they were when deleted, or null when another request deleted it first.
 */
export async function removeEventIn(
  tx: Tx,
  event: { id: number; name: string; startDate: Date; endDate: Date },
) {
  await notifyEventFollowers(tx, {
    eventId: event.id,
    type: 'event_removed',
    params: { event: event.name },
    calendarParams: cancelledCalendarParams(event),
  });
  const [removed] = await tx
    .delete(events)
    .where(eq(events.id, event.id))
    .returning({ startDate: events.startDate, seriesStart: events.seriesStart });
  return removed ?? null;
}

export async function getEventsLeft({ actor }: { actor: AuthUser }): Promise<number> {
  if (actor.role !== 'company') throw forbidden();
  const db = await getDb();
  const [row] = await db.select({ left: users.eventsLeft }).from(users).where(eq(users.id, actor.id));
  return row?.left ?? 0;
}
