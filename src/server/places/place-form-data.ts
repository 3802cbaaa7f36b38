import 'server-only';
import { asc, eq } from 'drizzle-orm';
import { getDb } from '@/db/client';
import {
  placeAdditionalInfos,
  placeAttractions,
  placeCategories,
  placeHours,
  placeImages,
  placeLanguages,
  placeMovies,
} from '@/db/schema';
import { warsawDateTime } from '@/lib/opening-hours';
import type { AuthUser } from '@/server/auth/access-tokens';
import { companyMediaLimits } from '@/server/plans/limits';
import { hhmm, specialHoursFrom } from './place-hours';
import { placeTextsByLanguage } from './place-texts';
import { ownedPlace } from './save-place';

/**
 * The place form's values for /account/edit-place/{id}: the shape of `getCompanyFormData` plus the
 * coordinates. Throws not_found for an unknown id and forbidden for another company's place.
 */
export async function getPlaceFormData({ actor, placeId }: { actor: AuthUser; placeId: number }) {
  const place = await ownedPlace(actor, placeId);
  const db = await getDb();
  const id = place.id;
  const [hours, cats, langs, attractions, infos, movies, images, limits, special] = await Promise.all([
    db.select().from(placeHours).where(eq(placeHours.placeId, id)).orderBy(asc(placeHours.weekDay)),
    db.select().from(placeCategories).where(eq(placeCategories.placeId, id)),
    db.select().from(placeLanguages).where(eq(placeLanguages.placeId, id)),
    db
      .select()
      .from(placeAttractions)
      .where(eq(placeAttractions.placeId, id))
      .orderBy(asc(placeAttractions.id)),
    db
      .select()
      .from(placeAdditionalInfos)
      .where(eq(placeAdditionalInfos.placeId, id))
      .orderBy(asc(placeAdditionalInfos.id)),
    db.select().from(placeMovies).where(eq(placeMovies.placeId, id)).orderBy(asc(placeMovies.position)),
    db.select().from(placeImages).where(eq(placeImages.placeId, id)).orderBy(asc(placeImages.position)),
    companyMediaLimits(actor.id, 'place'),
    specialHoursFrom(db, id, warsawDateTime(new Date()).date),
  ]);
  // Issue 31: both tabs' texts, whichever language the place was first written in.
  const { pl, en } = placeTextsByLanguage(place, attractions, infos);
  return {
    placeId: id,
    limits,
    initial: {
      name: pl.name,
      name_en: en.name,
      city: place.city,
      street: place.street,
      postcode: place.postcode,
      phone: place.phone ?? '',
      phone2: place.phone2 ?? '',
      phone3: place.phone3 ?? '',
      email_contact: place.emailContact ?? '',
      url: place.url ?? '',
      facebook: place.facebook ?? '',
      instagram: place.instagram ?? '',
      linked_in: place.linkedIn ?? '',
      virtual_walk: place.virtualWalkUrl ?? '',
      description: pl.description,
      description_en: en.description,
      lat: place.lat,
      lng: place.lng,
      categories: cats.map((c) => c.categoryId),
      languages: langs.map((l) => l.languageId),
      attributeIds: place.attributeIds,
      attractions: pl.attractions,
      attractions_en: en.attractions,
      additional_infos: pl.additional_infos,
      additional_infos_en: en.additional_infos,
      youtube: movies.map((m) => m.youtube),
      hours: hours.map((h) => ({
        weekDay: h.weekDay,
        from: hhmm(h.from),
        to: hhmm(h.to),
        closed: h.closed,
        wholeDay: h.wholeDay,
      })),
      specialHours: special.map((d) => ({
        date: d.date,
        from: hhmm(d.from),
        to: hhmm(d.to),
        closed: d.closed,
        wholeDay: d.wholeDay,
      })),
      images: images.map((i) => ({ id: i.id, url: i.url })),
      logo: place.logoUrl,
      banner: place.bannerUrl,
    },
  };
}
