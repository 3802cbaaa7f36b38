import type { Metadata } from 'next';
import { redirect } from 'next/navigation';
import { connection } from 'next/server';
import { getLocale, getTranslations } from 'next-intl/server';
import { cache } from 'react';
import { absoluteUrl, placeJsonLd } from '@/components/place-page/place-json-ld';
import { PlaceView } from '@/components/place-page/place-view';
import { getConfig } from '@/config';
import type { Locale } from '@/lib/locale';
import { descriptionText } from '@/lib/sanitize-html';
import { getPlaceDetail, listNearbyPlaces } from '@/server/places/get-place';
import { countPageVisit } from '@/server/visits/record-visit';
import { orNull } from '@/web/not-found';
import { getPageUser } from '@/web/page-user';
import { pageVisitor } from '@/web/page-visitor';

type Props = { params: Promise<{ id: string }> };

const listUrl = '/list#place_type';

// generateMetadata and the page read the same place once per request; null means "no such place".
const loadPlace = cache(async (rawId: string, locale: Locale, viewerId: number | null) => {
  if (!/^[1-9]\d{0,8}$/.test(rawId)) return null;
  return orNull(getPlaceDetail({ id: Number(rawId), locale, viewerId }));
});

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const [{ id }, locale, user] = await Promise.all([params, getLocale(), getPageUser()]);
  const place = await loadPlace(id, locale as Locale, user?.id ?? null);
  if (!place) return {};
  const t = await getTranslations('place_page');
  const description =
    (place.description && descriptionText(place.description)) ||
    t('meta_fallback', { name: place.name, city: place.city });
  const url = `${getConfig().publicUrl}/places/${place.id}`;
  const images = [place.banner?.url, place.logo?.url].filter((u): u is string => !!u).map(absoluteUrl);
  return {
    title: place.name,
    description,
    alternates: { canonical: url },
    openGraph: { title: place.name, description, type: 'website', url, images },
  };
}

/** Spec §2 /places/{id}: the place page; an unknown place sends the visitor to the places list. */
export default async function PlacePage({ params }: Props) {
  await connection();
  const [{ id }, locale, user] = await Promise.all([params, getLocale(), getPageUser()]);
  const place = await loadPlace(id, locale as Locale, user?.id ?? null);
  if (!place) redirect(listUrl);

  const visit = pageVisitor()
    .then((visitor) =>
      visitor
        ? countPageVisit({ subject: 'place', id: place.id, userId: user?.id ?? null, ...visitor })
        : false,
    )
    // Popularity is a nice-to-have; the page must not fail because a counter could not move.
    .catch((error) => console.error('countPageVisit failed for place', place.id, error));
  const [nearby] = await Promise.all([listNearbyPlaces({ id: place.id }), visit]);
  const pageUrl = `${getConfig().publicUrl}/places/${place.id}`;
  const jsonLd = placeJsonLd({ place, pageUrl });

  return (
    <>
      <script
        type="application/ld+json"
        // biome-ignore lint/security/noDangerouslySetInnerHtml: JSON-LD with "<" escaped, so it cannot close the script
        dangerouslySetInnerHTML={{ __html: JSON.stringify(jsonLd).replace(/</g, '\\u003c') }}
      />
      <PlaceView
        place={place}
        nearby={nearby}
        viewer={user ? { id: user.id, role: user.role } : null}
        pageUrl={pageUrl}
        tileUrl={getConfig().map.tileUrl}
        attribution={getConfig().map.attribution}
      />
    </>
  );
}
