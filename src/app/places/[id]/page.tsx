import type { Metadata } from 'next';
import { connection } from 'next/server';
import { getLocale, getTranslations } from 'next-intl/server';
import { JsonLd, pageViewer } from '@/components/detail/detail-parts';
import { feedAlternates } from '@/components/feeds/feed-alternates';
import { FeedSubscribe } from '@/components/feeds/feed-subscribe';
import { placeJsonLd } from '@/components/place-page/place-json-ld';
import { PlaceView } from '@/components/place-page/place-view';
import { EmbedWidget } from '@/components/widget/embed-widget';
import { getConfig } from '@/config';
import type { Locale } from '@/lib/locale';
import { getPlaceDetail, listNearbyPlaces } from '@/server/places/get-place';
import { placeOgSource } from '@/server/seo/og-source';
import { countVisit, detailLoader, detailMetadata } from '@/web/detail-page';
import { redirectTo } from '@/web/locale-redirect';
import { servedUrl, withFeeds } from '@/web/seo-metadata';

type Props = { params: Promise<{ id: string }> };

const listUrl = '/list#place_type';

const loadPlace = detailLoader(getPlaceDetail);

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { record: place } = await loadPlace(params);
  if (!place) return {};
  const t = await getTranslations('place_page');
  const [metadata, feeds] = await Promise.all([
    detailMetadata({
      title: place.name,
      html: place.description,
      fallback: t('meta_fallback', { name: place.name, city: place.city }),
      path: `/places/${place.id}`,
      og: placeOgSource({ ...place, image: place.banner?.url ?? null }),
    }),
    // Issue 17: the place's events as feeds, for readers and calendar apps that look in the head.
    feedAlternates({ place_id: place.id }),
  ]);
  return { ...metadata, alternates: withFeeds(metadata.alternates, feeds) };
}

/** Spec §2 /places/{id}: the place page; an unknown place sends the visitor to the places list. */
export default async function PlacePage({ params }: Props) {
  await connection();
  const { record: place, user } = await loadPlace(params);
  if (!place) return redirectTo(listUrl);

  const [nearby] = await Promise.all([
    getLocale().then((locale) => listNearbyPlaces({ id: place.id, locale: locale as Locale })),
    countVisit('place', place.id, user?.id ?? null, place.user.id),
  ]);
  const pageUrl = await servedUrl(`/places/${place.id}`);

  return (
    <>
      <JsonLd data={placeJsonLd({ place, pageUrl })} />
      <PlaceView
        place={place}
        nearby={nearby}
        viewer={pageViewer(user)}
        pageUrl={pageUrl}
        map={getConfig().map}
      />
      {/* Issue 17: the place's next events on another site. */}
      <div className="mx-auto -mt-6 max-w-6xl px-4 pb-12">
        <EmbedWidget target={{ placeId: place.id }} />
        <FeedSubscribe filters={{ place_id: place.id }} subject="place" className="mt-3" />
      </div>
    </>
  );
}
