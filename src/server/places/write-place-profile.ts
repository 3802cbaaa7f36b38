import { and, eq, inArray, notInArray } from 'drizzle-orm';
import type { DbOrTx } from '@/db/client';
import {
  categories,
  languages,
  type PremiumSetting,
  placeAdditionalInfos,
  placeAttractions,
  placeCategories,
  placeHours,
  placeImages,
  placeLanguages,
  placeMovies,
  places,
} from '@/db/schema';
import { sanitizeDescription } from '@/lib/sanitize-html';
import type { PlaceProfileInput } from '@/lib/schemas/place-profile';
import { fieldError } from '@/server/errors';
import { cityCentre } from '@/server/geo/cities';

export interface ProfileImages {
  logoUrl?: string;
  bannerUrl?: string;
  gallery: string[];
}

/**
 * Writes a place's profile and everything hanging off it (hours, categories, languages, attractions,
 * infos, films, gallery) inside the caller's transaction. Gallery images not listed in `preloaded` are
 * dropped; the plan's photo and film counts are enforced here so every path obeys them.
 */
export async function writePlaceProfile(
  tx: DbOrTx,
  {
    placeId,
    input,
    images,
    plan,
  }: { placeId: number; input: PlaceProfileInput; images: ProfileImages; plan: PremiumSetting | null },
): Promise<void> {
  const [knownCategories, knownLanguages] = await Promise.all([
    input.categories.length
      ? tx.select({ id: categories.id }).from(categories).where(inArray(categories.id, input.categories))
      : [],
    input.languages.length
      ? tx.select({ id: languages.id }).from(languages).where(inArray(languages.id, input.languages))
      : [],
  ]);
  if (knownCategories.length !== new Set(input.categories).size)
    throw fieldError('categories', 'validation.invalid_option');
  if (knownLanguages.length !== new Set(input.languages).size)
    throw fieldError('languages', 'validation.invalid_option');

  const kept = input.preloaded.length
    ? await tx
        .select({ id: placeImages.id })
        .from(placeImages)
        .where(and(eq(placeImages.placeId, placeId), inArray(placeImages.id, input.preloaded)))
    : [];
  const imageLimit = plan?.imagesCount ?? 0;
  if (kept.length + images.gallery.length > imageLimit) {
    throw fieldError('images', 'validation.plan_images', { max: imageLimit });
  }
  const movieLimit = plan?.moviesCount ?? 0;
  if (input.youtube.length > movieLimit)
    throw fieldError('youtube', 'validation.plan_movies', { max: movieLimit });

  const centre = input.lat === null ? cityCentre(input.city) : null;
  await tx
    .update(places)
    .set({
      name: input.name,
      city: input.city,
      street: input.street,
      postcode: input.postcode,
      phone: input.phone,
      phone2: input.phone2 ?? null,
      phone3: input.phone3 ?? null,
      emailContact: input.email_contact ?? null,
      url: input.url ?? null,
      facebook: input.facebook ?? null,
      instagram: input.instagram ?? null,
      linkedIn: input.linked_in ?? null,
      virtualWalkUrl: input.virtual_walk ?? null,
      description: sanitizeDescription(input.description),
      // Without coordinates from the map, the city's centre keeps the place findable by distance.
      lat: input.lat ?? centre?.lat ?? null,
      lng: input.lng ?? centre?.lng ?? null,
      ...(images.logoUrl ? { logoUrl: images.logoUrl } : {}),
      ...(images.bannerUrl ? { bannerUrl: images.bannerUrl } : {}),
      updatedAt: new Date(),
    })
    .where(eq(places.id, placeId));

  await Promise.all([
    tx.delete(placeHours).where(eq(placeHours.placeId, placeId)),
    tx.delete(placeCategories).where(eq(placeCategories.placeId, placeId)),
    tx.delete(placeLanguages).where(eq(placeLanguages.placeId, placeId)),
    tx.delete(placeAttractions).where(eq(placeAttractions.placeId, placeId)),
    tx.delete(placeAdditionalInfos).where(eq(placeAdditionalInfos.placeId, placeId)),
    tx.delete(placeMovies).where(eq(placeMovies.placeId, placeId)),
    tx.delete(placeImages).where(
      kept.length
        ? and(
            eq(placeImages.placeId, placeId),
            notInArray(
              placeImages.id,
              kept.map((k) => k.id),
            ),
          )
        : eq(placeImages.placeId, placeId),
    ),
  ]);
  await tx.insert(placeHours).values(input.hours.map((h) => ({ placeId, ...h })));
  if (input.categories.length)
    await tx
      .insert(placeCategories)
      .values([...new Set(input.categories)].map((categoryId) => ({ placeId, categoryId })));
  if (input.languages.length)
    await tx
      .insert(placeLanguages)
      .values([...new Set(input.languages)].map((languageId) => ({ placeId, languageId })));
  if (input.attractions.length)
    await tx.insert(placeAttractions).values(input.attractions.map((name) => ({ placeId, name })));
  if (input.additional_infos.length)
    await tx.insert(placeAdditionalInfos).values(input.additional_infos.map((name) => ({ placeId, name })));
  if (input.youtube.length)
    await tx
      .insert(placeMovies)
      .values(input.youtube.map((youtube, position) => ({ placeId, youtube, position })));
  if (images.gallery.length)
    await tx
      .insert(placeImages)
      .values(images.gallery.map((url, i) => ({ placeId, url, position: kept.length + i })));
}
