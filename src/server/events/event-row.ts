import 'server-only';
import { and, eq, notInArray, sql } from 'drizzle-orm';
import type { Tx } from '@/db/client';
import { eventImages, eventMovies, type places } from '@/db/schema';
import { sanitizeDescription, sanitizedTranslations } from '@/lib/sanitize-html';
import type { EventInput } from '@/lib/schemas/event';
import type { Upload } from '@/server/media/uploads';
import { type SeriesPlan, seriesColumns } from './save-series';

// What every save of an event writes: the row's columns from the input, and its photos and films.

export interface EventUploads {
  banner?: Upload;
  images: Upload[];
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

export function eventRow(
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

export async function writeMedia(
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
