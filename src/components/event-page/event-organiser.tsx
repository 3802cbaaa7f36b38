import { getLocale, getTranslations } from 'next-intl/server';
import { Section, telHref, WebsiteLink } from '@/components/detail/detail-parts';
import { formatRating, rated, StarRating } from '@/components/detail/star-rating';
import { FeedSubscribe } from '@/components/feeds/feed-subscribe';
import { PlaceLogo } from '@/components/places/place-logo';
import { Globe, Mail, Phone } from '@/components/ui/icons';
import { Link } from '@/components/ui/link';
import type { EventDetail } from '@/lib/schemas/event-responses';

/** The place that organises the event: logo, name and rating linking to its page, and its contacts. */
export async function EventOrganiser({ place }: { place: EventDetail['place'] }) {
  const t = await getTranslations('event_page');
  const tp = await getTranslations('place_page');
  const locale = await getLocale();
  const rating = formatRating(place.stars, locale);
  const hasContacts = !!(place.phone || place.user.email || place.url);
  return (
    <Section id="event-organiser" title={t('organiser')}>
      <div className="flex items-center gap-3">
        <PlaceLogo
          name={place.name}
          src={place.logo?.url}
          alt={t('logo_alt', { name: place.name })}
          className="h-16 w-16 shrink-0 border border-slate-200 text-xl"
        />
        <div className="min-w-0">
          <Link
            href={`/places/${place.id}`}
            className="text-lg font-semibold break-words text-brand-700 underline underline-offset-2 hover:decoration-2"
          >
            {place.name}
          </Link>
          {place.user.company_name && place.user.company_name !== place.name && (
            <p className="text-sm break-words text-slate-600">{place.user.company_name}</p>
          )}
          {rated(place.stars) ? (
            <p className="mt-1 flex flex-wrap items-center gap-x-2 text-sm">
              <StarRating value={place.stars} label={t('place_rating', { rating })} size={16} />
              <span aria-hidden className="font-semibold">
                {rating}
              </span>
              <span className="text-slate-600">({t('reviews', { count: place.comments_count })})</span>
            </p>
          ) : (
            <p className="mt-1 text-sm text-slate-700">{tp('no_ratings')}</p>
          )}
        </div>
      </div>
      {hasContacts && (
        <ul aria-label={tp('contact')} className="mt-4 flex flex-col gap-2 text-sm">
          {place.phone && (
            <li className="flex items-center gap-2">
              <Phone aria-hidden size={16} className="shrink-0 text-slate-500" />
              <span className="sr-only">{t('phone')}:</span>
              <a
                href={telHref(place.phone)}
                className="break-all text-brand-700 underline underline-offset-2 hover:decoration-2"
              >
                {place.phone}
              </a>
            </li>
          )}
          {place.user.email && (
            <li className="flex items-center gap-2">
              <Mail aria-hidden size={16} className="shrink-0 text-slate-500" />
              <span className="sr-only">{t('email')}:</span>
              <a
                href={`mailto:${place.user.email}`}
                className="break-all text-brand-700 underline underline-offset-2 hover:decoration-2"
              >
                {place.user.email}
              </a>
            </li>
          )}
          {place.url && (
            <li className="flex items-center gap-2">
              <Globe aria-hidden size={16} className="shrink-0 text-slate-500" />
              <span className="sr-only">{t('website')}:</span>
              <WebsiteLink
                url={place.url}
                className="break-all text-brand-700 underline underline-offset-2 hover:decoration-2"
                newTab={t('new_tab')}
              />
            </li>
          )}
        </ul>
      )}
      {/* Issue 17: a company's events are listed nowhere else in public; its feed is the way to follow them. */}
      <FeedSubscribe filters={{ company_id: place.user.id }} subject="company" className="mt-4" />
    </Section>
  );
}
