import {
  CalendarDays,
  Download,
  ExternalLink,
  Globe,
  Mail,
  MapPin,
  MapPinned,
  MessageCircle,
  Pencil,
  Phone,
  Tag,
  Ticket,
  Users,
  Wallet,
} from 'lucide-react';
import Link from 'next/link';
import { getLocale, getTranslations } from 'next-intl/server';
import type { ReactNode } from 'react';
import { Banner, card, external, Section, VirtualWalkLink } from '@/components/place-page/detail-parts';
import { Gallery } from '@/components/place-page/gallery';
import { PlaceMapSection } from '@/components/place-page/place-map-section';
import { ShareButtons } from '@/components/place-page/share-buttons';
import { StarRating } from '@/components/place-page/star-rating';
import { Videos } from '@/components/place-page/videos';
import type { EventDetail } from '@/server/events/get-event';
import { eventDateRange, eventPriceRange } from './event-format';
import { galleryOrder } from './event-json-ld';
import { EventToggle } from './event-toggle';

export interface EventViewer {
  id: number;
  role: 'user' | 'company' | 'admin';
}

const button = 'inline-flex min-h-11 items-center gap-2 rounded-lg px-4 py-2 font-semibold';
const outlineButton = `${button} border-2 border-slate-300 bg-white text-slate-800 hover:bg-slate-50`;

function Fact({ icon, label, children }: { icon: ReactNode; label: string; children: ReactNode }) {
  return (
    <div className="flex min-w-0 gap-3">
      <span className="flex h-10 w-10 shrink-0 items-center justify-center rounded-full bg-brand-50 text-brand-700">
        {icon}
      </span>
      <div className="min-w-0">
        <dt className="text-sm text-slate-600">{label}</dt>
        <dd className="font-semibold break-words">{children}</dd>
      </div>
    </div>
  );
}

/** Spec §2 /event/{id}: the event, its place and organiser, and what the viewer may do with it. */
export async function EventView({
  event,
  viewer,
  pageUrl,
  tileUrl,
  attribution,
}: {
  event: EventDetail;
  viewer: EventViewer | null;
  pageUrl: string;
  tileUrl: string;
  attribution: string;
}) {
  const t = await getTranslations('event_page');
  const tp = await getTranslations('place_page');
  const locale = await getLocale();
  // Spec §6: companies see neither the attendee buttons nor the favourite and calendar toggles.
  const attendee = viewer?.role !== 'company';
  const isOwner = viewer?.id === event.user_id;
  const dates = eventDateRange(event.start_date, event.end_date);
  const images = galleryOrder(event.images);
  const { place } = event;
  const rating = new Intl.NumberFormat(locale, { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(
    place.stars,
  );
  const hasMap = event.lat !== null && event.lng !== null;
  const hasContacts = !!(place.phone || place.user.email || place.url);
  const hasMain = !!event.description || images.length > 0 || event.movies.length > 0 || !!event.virtual_walk;

  const aside = (
    <>
      <Section id="event-organiser" title={t('organiser')}>
        <div className="flex items-center gap-3">
          <span className="h-16 w-16 shrink-0 overflow-hidden rounded-full border border-slate-200 bg-slate-200">
            {place.logo && (
              <img
                src={place.logo.url}
                alt={t('logo_alt', { name: place.name })}
                className="h-full w-full object-cover"
              />
            )}
          </span>
          <div className="min-w-0">
            <Link
              href={`/places/${place.id}`}
              className="text-lg font-semibold break-words text-brand-700 hover:underline"
            >
              {place.name}
            </Link>
            {place.user.company_name && place.user.company_name !== place.name && (
              <p className="text-sm break-words text-slate-600">{place.user.company_name}</p>
            )}
            <p className="mt-1 flex flex-wrap items-center gap-x-2 text-sm">
              <StarRating value={place.stars} label={t('place_rating', { rating })} size={16} />
              <span aria-hidden className="font-semibold">
                {rating}
              </span>
              <span className="text-slate-600">({t('reviews', { count: place.comments_count })})</span>
            </p>
          </div>
        </div>
        {hasContacts && (
          <ul aria-label={tp('contact')} className="mt-4 flex flex-col gap-2 text-sm">
            {place.phone && (
              <li className="flex items-center gap-2">
                <Phone aria-hidden size={16} className="shrink-0 text-slate-500" />
                <span className="sr-only">{t('phone')}:</span>
                <a
                  href={`tel:${place.phone.replace(/[^\d+]/g, '')}`}
                  className="break-all text-brand-700 hover:underline"
                >
                  {place.phone}
                </a>
              </li>
            )}
            {place.user.email && (
              <li className="flex items-center gap-2">
                <Mail aria-hidden size={16} className="shrink-0 text-slate-500" />
                <span className="sr-only">{t('email')}:</span>
                <a href={`mailto:${place.user.email}`} className="break-all text-brand-700 hover:underline">
                  {place.user.email}
                </a>
              </li>
            )}
            {place.url && (
              <li className="flex items-center gap-2">
                <Globe aria-hidden size={16} className="shrink-0 text-slate-500" />
                <span className="sr-only">{t('website')}:</span>
                <a href={place.url} className="break-all text-brand-700 hover:underline" {...external}>
                  {place.url.replace(/^https?:\/\//, '')}
                  <span className="sr-only"> {t('new_tab')}</span>
                </a>
              </li>
            )}
          </ul>
        )}
      </Section>
      <Section id="event-location" title={t('location')}>
        <address className="not-italic">
          <p className="font-semibold">{event.place_name}</p>
          {event.street && <p>{event.street}</p>}
          <p>{[event.postcode, event.city].filter(Boolean).join(' ')}</p>
        </address>
        {hasMap && event.lat !== null && event.lng !== null && (
          <div className="mt-4">
            <PlaceMapSection
              lat={event.lat}
              lng={event.lng}
              label={t('map_label', { name: event.place_name })}
              tileUrl={tileUrl}
              attribution={attribution}
            />
            <a
              href={`https://www.openstreetmap.org/?mlat=${event.lat}&mlon=${event.lng}#map=16/${event.lat}/${event.lng}`}
              className="mt-2 inline-flex items-center gap-1 text-sm font-semibold text-brand-700 hover:underline"
              {...external}
            >
              <MapPinned aria-hidden size={16} />
              {t('open_on_map')}
              <span className="sr-only"> {t('new_tab')}</span>
            </a>
          </div>
        )}
      </Section>
    </>
  );
  const main = (
    <>
      {event.description && (
        <Section id="event-description" title={t('description')}>
          <div
            className="prose-text break-words"
            // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised when saved (sanitizeDescription)
            dangerouslySetInnerHTML={{ __html: event.description }}
          />
        </Section>
      )}
      {images.length > 0 && (
        <Section id="event-gallery" title={t('gallery')}>
          <Gallery images={images} name={event.name} />
        </Section>
      )}
      {event.movies.length > 0 && (
        <Section id="event-videos" title={t('videos')}>
          <Videos ids={event.movies} name={event.name} />
        </Section>
      )}
      {event.virtual_walk && (
        <Section id="event-walk" title={t('virtual_walk')}>
          <VirtualWalkLink
            url={event.virtual_walk.url}
            label={t('virtual_walk_open')}
            newTab={t('new_tab')}
          />
        </Section>
      )}
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
            <h1 id="event-name" className="mt-2 text-2xl font-extrabold break-words sm:text-3xl">
              {event.name}
            </h1>
          </div>

          <dl className="grid gap-4 sm:grid-cols-2 lg:grid-cols-[minmax(0,1.3fr)_minmax(0,1.3fr)_minmax(0,1fr)_minmax(0,0.8fr)]">
            <Fact icon={<CalendarDays aria-hidden size={18} />} label={t('when')}>
              <time dateTime={event.start_date} className="whitespace-nowrap">
                {dates.start}
              </time>
              {dates.end && (
                <>
                  {dates.sameDay ? '–' : ' – '}
                  <time dateTime={event.end_date} className="whitespace-nowrap">
                    {dates.end}
                  </time>
                </>
              )}
            </Fact>
            <Fact icon={<MapPin aria-hidden size={18} />} label={t('where')}>
              {event.place_name}, {event.city}
            </Fact>
            <Fact icon={<Wallet aria-hidden size={18} />} label={t('price')}>
              {eventPriceRange(event.price_min, event.price_max, t('free'))}
            </Fact>
            <Fact icon={<Users aria-hidden size={18} />} label={t('spots')}>
              {event.spots_left > 0 ? new Intl.NumberFormat(locale).format(event.spots_left) : t('sold_out')}
            </Fact>
          </dl>

          <div className="flex flex-wrap gap-2">
            {attendee && event.buy_ticket_url && (
              <a
                href={event.buy_ticket_url}
                className={`${button} bg-accent-500 text-white hover:bg-orange-800`}
                {...external}
              >
                <Ticket aria-hidden size={18} />
                {t('buy_ticket')}
                <ExternalLink aria-hidden size={16} />
                <span className="sr-only"> {t('new_tab')}</span>
              </a>
            )}
            {attendee && (
              <Link href={viewer ? `/messages/${event.user_id}` : '/login'} className={outlineButton}>
                <MessageCircle aria-hidden size={18} />
                {t('ask_organiser')}
              </Link>
            )}
            {attendee && (
              <EventToggle
                eventId={event.id}
                kind="favourite"
                initial={event.is_favourite}
                signedIn={!!viewer}
              />
            )}
            {attendee && (
              <EventToggle
                eventId={event.id}
                kind="calendar"
                initial={event.in_calendar}
                signedIn={!!viewer}
              />
            )}
            <a href={`/api/event/${event.id}/ics`} className={outlineButton}>
              <Download aria-hidden size={18} />
              {t('ics')}
            </a>
            {isOwner && (
              <Link
                href={`/calendar?edit=${event.id}`}
                className={`${button} bg-brand-600 text-white hover:bg-brand-700`}
              >
                <Pencil aria-hidden size={18} />
                {t('edit')}
              </Link>
            )}
          </div>

          <div className="border-t border-slate-200 pt-4">
            <ShareButtons
              url={pageUrl}
              name={event.name}
              emailSubject={t('share_email_subject', { name: event.name })}
            />
          </div>
        </div>

        {hasMain ? (
          <div className="mt-6 grid gap-6 md:grid-cols-[minmax(0,1fr)_20rem] lg:grid-cols-[minmax(0,1fr)_24rem]">
            <div className="flex min-w-0 flex-col gap-6">{main}</div>
            <div className="flex min-w-0 flex-col gap-6">{aside}</div>
          </div>
        ) : (
          <div className="mt-6 grid gap-6 md:grid-cols-2">{aside}</div>
        )}
      </div>
    </article>
  );
}
