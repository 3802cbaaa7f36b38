import 'server-only';
import { and, eq, inArray, notInArray } from 'drizzle-orm';
import { getDb, type Tx } from '@/db/client';
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
  placeSpecialHours,
  places,
} from '@/db/schema';
import { addDays, warsawDateTime } from '@/lib/opening-hours';
import { sanitizeDescription, sanitizedTranslations } from '@/lib/sanitize-html';
import type { PlaceProfileInput } from '@/lib/schemas/place-profile';
import { checkAttributeIds } from '@/server/attributes/catalogue';
import { fieldError } from '@/server/errors';
import { cityCentre } from '@/server/geo/cities';
import { saveWithImages, stageAll, type Upload } from '@/server/media/uploads';
import { getEffectivePlan } from '@/server/plans/effective-plan';
import { assertPlanLimits } from '@/server/plans/limits';

export interface PlaceUploads {
  logo?: Upload;
  banner?: Upload;
  images: Upload[];
}

interface ProfileImages {
  logoUrl?: string;
  bannerUrl?: string;
  gallery: string[];
}

/** What a save's own writes get: its transaction, the plan it runs under, and the profile writer. */
export interface PlaceProfileStep {
  tx: Tx;
  plan: PremiumSetting | null;
  /** Writes the profile of the (already inserted) place inside `tx`. */
  writeProfile: (placeId: number) => Promise<void>;
}

/**
 * The one door for saving a place's profile (a new place, an edit, a company's registration or profile):
 * looks up the company's plan, refuses more photos or films than it allows, encodes the uploads, then runs
 * the caller's writes and the profile's in ONE transaction, and publishes the images after it commits.
 * The caller's writes come as `save` rather than a transaction handle because the images are encoded
 * before the transaction opens (decision 29): decoding inside it would hold the database for seconds.
 * `companyId` null: a company being registered, under the default plan.
 */
export async function savePlaceProfile<T>({
  companyId,
  input,
  files,
  save,
}: {
  companyId: number | null;
  input: PlaceProfileInput;
  files: PlaceUploads;
  save: (step: PlaceProfileStep) => Promise<T>;
}): Promise<T> {
  const db = await getDb();
  const plan = await getEffectivePlan(db, companyId);
  // Checked before any file is encoded, so a refused form costs no decoding and leaves nothing behind.
  assertPlanLimits(plan, 'place', { images: input.preloaded.length + files.images.length });
  return saveWithImages(async (stage) => {
    const logo = files.logo ? await stage(files.logo, 'logo') : null;
    const banner = files.banner ? await stage(files.banner, 'banner') : null;
    const gallery = await stageAll(stage, files.images, 'photo');
    const images = { logoUrl: logo?.url, bannerUrl: banner?.url, gallery: gallery.map((g) => g.url) };
    return db.transaction((tx) =>
      save({ tx, plan, writeProfile: (placeId) => writePlaceProfile(tx, { placeId, input, images, plan }) }),
    );
  });
}

/**
 * Writes a place's profile and everything hanging off it (hours, categories, languages, attractions,
 * infos, films, gallery), its texts in every language written. Gallery images not listed in `preloaded`
 * are dropped; the plan's counts are checked again against the photos the place really keeps.
 */
async function writePlaceProfile(
  tx: Tx,
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
  // Issue 30: absent, the attributes stay as they are; sent, each must exist and apply to places.
  const attributeIds =
    input.attribute_ids === undefined ? undefined : await checkAttributeIds(tx, input.attribute_ids, 'place');

  const kept = input.preloaded.length
    ? await tx
        .select({ id: placeImages.id })
        .from(placeImages)
        .where(and(eq(placeImages.placeId, placeId), inArray(placeImages.id, input.preloaded)))
    : [];
  assertPlanLimits(plan, 'place', {
    images: kept.length + images.gallery.length,
    movies: input.youtube.length,
  });

  const centre = input.lat === null ? cityCentre(input.city) : null;
  // Issue 14: a new or changed walk link goes back to the admin's queue and is hidden until verified.
  const walkUrl = input.virtual_walk ?? null;
  const [stored] = await tx
    .select({ walkUrl: places.virtualWalkUrl })
    .from(places)
    .where(eq(places.id, placeId))
    .for('update');
  const walkReview =
    (stored?.walkUrl ?? null) === walkUrl
      ? {}
      : { walkState: 'pending' as const, virtualWalkVerified: false, walkReason: null };
  await tx
    .update(places)
    .set({
      name: input.name,
      // Issue 31: the own texts' language and the other language's texts.
      lang: input.lang,
      translations: sanitizedTranslations(input.translations),
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
      virtualWalkUrl: walkUrl,
      ...walkReview,
      description: input.description ? sanitizeDescription(input.description) : null,
      // Without coordinates from the map, the city's centre keeps the place findable by distance.
      lat: input.lat ?? centre?.lat ?? null,
      lng: input.lng ?? centre?.lng ?? null,
      ...(attributeIds ? { attributeIds } : {}),
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
  // Issue 30: the special days the form sent replace the stored ones; those before yesterday are of
  // no more use (yesterday's may still run past midnight) and are dropped. Not sent: left as they are.
  if (input.specialHours) {
    await tx.delete(placeSpecialHours).where(eq(placeSpecialHours.placeId, placeId));
    const since = addDays(warsawDateTime(new Date()).date, -1);
    const days = input.specialHours.filter((d) => d.date >= since);
    if (days.length) await tx.insert(placeSpecialHours).values(days.map((d) => ({ placeId, ...d })));
  }
  if (input.categories.length)
    await tx
      .insert(placeCategories)
      .values([...new Set(input.categories)].map((categoryId) => ({ placeId, categoryId })));
  if (input.languages.length)
    await tx
      .insert(placeLanguages)
      .values([...new Set(input.languages)].map((languageId) => ({ placeId, languageId })));
  // Issue 31: each language's list, its entries marked with it.
  if (input.attractions.length)
    await tx.insert(placeAttractions).values(input.attractions.map((a) => ({ placeId, ...a })));
  if (input.additional_infos.length)
    await tx.insert(placeAdditionalInfos).values(input.additional_infos.map((a) => ({ placeId, ...a })));
  if (input.youtube.length)
    await tx
      .insert(placeMovies)
      .values(input.youtube.map((youtube, position) => ({ placeId, youtube, position })));
  if (images.gallery.length)
    await tx
      .insert(placeImages)
      .values(images.gallery.map((url, i) => ({ placeId, url, position: kept.length + i })));
}
