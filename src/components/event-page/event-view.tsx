import { getLocale, getTranslations } from 'next-intl/server';
import type { ReactNode } from 'react';
import { AttributeList } from '@/components/attributes/attribute-list';
import { OnlyInNote } from '@/components/content/only-in-note';
import { DetailAbout, hasAbout } from '@/components/detail/detail-about';
import { Banner, card, type PageViewer } from '@/components/detail/detail-parts';
import type { MapSettings } from '@/components/map/map-settings';
import { RegistrationPanelLazy } from '@/components/registrations/registration-panel-lazy';
import { Tag } from '@/components/ui/icons';
import { Link } from '@/components/ui/link';
import { loginPath } from '@/lib/next-path';
import type { EventDetail } from '@/lib/schemas/event-responses';
import type { RegistrationPanelState } from '@/lib/schemas/registration-responses';
import { EventActions, EventTicketBar } from './event-actions';
import { EventFacts } from './event-facts';
import { galleryOrder } from './event-json-ld';
import { EventLocation } from './event-location';
import { EventOrganiser } from './event-organiser';
import { EventSeriesDates } from './event-series';

/** Spec §2 /event/{id}: the event, its place and organiser, and what the viewer may do with it. */
export async function EventView({
  event,
  viewer,
  pageUrl,
  map,
  ownerPanel,
  registration,
}: {
  event: EventDetail;
  viewer: PageViewer | null;
  pageUrl: string;
  map: MapSettings;
  /** What only the event's owner sees below the event's card (the promotion offer). */
  ownerPanel?: ReactNode;
  /** Issue 33: the registration state, when the event takes registrations. */
  registration?: RegistrationPanelState | null;
}) {
  const [t, ta, pageLocale] = await Promise.all([
    getTranslations('event_page'),
    getTranslations('attributes'),
    getLocale(),
  ]);
  const about = {
    description: event.description,
    descriptionLang: event.text_lang.description,
    images: galleryOrder(event.images),
    videoIds: event.movies,
    virtualWalk: event.virtual_walk,
  };
  const aside = (
    <>
      <EventOrganiser place={event.place} />
      <EventLocation event={event} map={map} />
    </>
  );

  return (
    <article aria-labelledby="event-name" className="pb-12">
      <Banner url={event.banner?.url} alt={t('banner_alt', { name: event.name })} />

      <div className="mx-auto max-w-6xl px-4">
        <div className={`${card} relative -mt-10 flex flex-col gap-5 sm:-mt-14`}>
          <div>
            <p className="inline-flex items-center gap-1 rounded-full bg-brand-50 px-2.5 py-0.5 text-sm font-semibold text-brand-700">
              <Tag aria-hidden size={14} />
              <span className="sr-only">{t('category')}: </span>
              {event.category.name}
            </p>
            <h1
              id="event-name"
              lang={event.text_lang.name}
              className="mt-2 text-2xl font-extrabold break-words sm:text-3xl"
            >
              {event.name}
            </h1>
            <OnlyInNote lang={event.text_lang.name} pageLocale={pageLocale} />
          </div>

          <EventFacts event={event} />
          {registration && (
            <RegistrationPanelLazy
              eventId={event.id}
              state={registration}
              viewer={!viewer ? 'guest' : viewer.role === 'user' ? 'attendee' : 'company'}
              loginHref={loginPath(`/event/${event.id}`)}
            />
          )}
          {viewer?.id === event.user_id && (
            <p>
              <Link
                href={`/account/events/${event.id}/registrations`}
                className="font-semibold text-brand-700 underline"
              >
                {t('manage_registrations')}
              </Link>
            </p>
          )}
          {event.series && <EventSeriesDates series={event.series} />}
          {event.attributes.length > 0 && (
            <div className="mt-4">
              <AttributeList
                attributes={event.attributes}
                heading={ta('heading')}
                headingId="event-attributes"
              />
            </div>
          )}
          <EventActions event={event} viewer={viewer} pageUrl={pageUrl} />
        </div>

        {ownerPanel && <div className="mt-6">{ownerPanel}</div>}

        {hasAbout(about) ? (
          <div className="mt-6 grid gap-6 md:grid-cols-[minmax(0,1fr)_20rem] lg:grid-cols-[minmax(0,1fr)_24rem]">
            <div className="flex min-w-0 flex-col gap-6">
              <DetailAbout kind="event" name={event.name} about={about} />
            </div>
            <div className="flex min-w-0 flex-col gap-6">{aside}</div>
          </div>
        ) : (
          <div className="mt-6 grid gap-6 md:grid-cols-2">{aside}</div>
        )}
      </div>
      <EventTicketBar event={event} viewer={viewer} />
    </article>
  );
}
