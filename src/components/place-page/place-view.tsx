import { getTranslations } from 'next-intl/server';
import { AttributeList } from '@/components/attributes/attribute-list';
import { DetailAbout, hasAbout } from '@/components/detail/detail-about';
import { Banner, card, type PageViewer, Section } from '@/components/detail/detail-parts';
import type { MapSettings } from '@/components/map/map-settings';
import { PlaceCard } from '@/components/places/place-card';
import { CardGrid } from '@/components/ui/card-grid';
import type { NearbyPlace, PlaceDetail } from '@/lib/schemas/place-responses';
import { ModalButton } from './modal-button';
import { PlaceAddress } from './place-address';
import { PlaceComments } from './place-comments';
import { PlaceEvents } from './place-events';
import { PlaceHeader } from './place-header';
import { hasLists, PlaceLists } from './place-lists';
import { PlaceSummary } from './place-summary';

// The page lists the first few upcoming events; the rest are one click away in a dialog.
const pageEvents = 6;

/** Spec §2 /places/{id}, in the order the spec lists its parts; what the plan hides arrives as null. */
export async function PlaceView({
  place,
  nearby,
  viewer,
  pageUrl,
  map,
}: {
  place: PlaceDetail;
  nearby: NearbyPlace[];
  viewer: PageViewer | null;
  pageUrl: string;
  map: MapSettings;
}) {
  const t = await getTranslations('place_page');
  const ta = await getTranslations('attributes');
  const about = {
    description: place.description,
    descriptionLang: place.text_lang.description,
    images: place.images,
    videoIds: place.movies.map((m) => m.youtube),
    virtualWalk: place.virtual_walk,
  };
  const address = <PlaceAddress place={place} map={map} />;

  return (
    <article aria-labelledby="place-name" className="pb-12">
      <Banner url={place.banner?.url} alt={t('banner_alt', { name: place.name })} />

      <div className="mx-auto max-w-6xl px-4">
        <PlaceHeader place={place} viewer={viewer} />
        <PlaceSummary place={place} pageUrl={pageUrl} viewer={viewer} />
        {place.attributes.length > 0 && (
          <div className={`${card} mt-6`}>
            <AttributeList
              attributes={place.attributes}
              heading={ta('heading')}
              headingId="place-attributes"
            />
          </div>
        )}

        {hasAbout(about) || hasLists(place) ? (
          <div className="mt-6 grid gap-6 md:grid-cols-[minmax(0,1fr)_20rem] lg:grid-cols-[minmax(0,1fr)_24rem]">
            <div className="flex min-w-0 flex-col gap-6 md:col-start-2 md:row-start-1">{address}</div>
            <div className="flex min-w-0 flex-col gap-6 md:col-start-1 md:row-start-1">
              <DetailAbout kind="place" name={place.name} about={about} />
              <PlaceLists place={place} />
            </div>
          </div>
        ) : (
          <div className="mt-6 grid gap-6 md:grid-cols-2">{address}</div>
        )}

        <PlaceComments place={place} viewer={viewer} />
        <Section id="place-events" title={t('events')} className={`${card} mt-6`}>
          <PlaceEvents events={place.events.slice(0, pageEvents)} wide />
          {place.events.length > pageEvents && (
            <div className="mt-4">
              <ModalButton label={t('events_all')} title={t('events')}>
                <PlaceEvents events={place.events} />
              </ModalButton>
            </div>
          )}
        </Section>

        <Section id="place-nearby" title={t('nearby')} className="mt-10">
          <CardGrid
            className="grid grid-cols-1 gap-4 sm:grid-cols-2 md:grid-cols-4"
            cards={nearby.map((p) => ({ id: p.id, node: <PlaceCard place={p} /> }))}
            empty={t('nearby_empty')}
          />
        </Section>
      </div>
    </article>
  );
}
