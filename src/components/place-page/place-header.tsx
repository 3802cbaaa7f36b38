import { getLocale, getTranslations } from 'next-intl/server';
import { OnlyInNote } from '@/components/content/only-in-note';
import { FacebookIcon, InstagramIcon, LinkedInIcon } from '@/components/detail/brand-icons';
import { card, external, type PageViewer } from '@/components/detail/detail-parts';
import { PlaceLogo } from '@/components/places/place-logo';
import { ReportButton } from '@/components/reports/report-button';
import { BadgeCheck, MapPin, Send } from '@/components/ui/icons';
import { Link } from '@/components/ui/link';
import { loginPath } from '@/lib/next-path';
import type { PlaceDetail } from '@/lib/schemas/place-responses';
import { ContactIcons, type ContactValue } from './contact-icons';
import { FavouriteToggle } from './favourite-toggle';

/** The card under the banner: logo, name, categories, languages, contact icons, social links and "message". */
export async function PlaceHeader({ place, viewer }: { place: PlaceDetail; viewer: PageViewer | null }) {
  const [t, pageLocale] = await Promise.all([getTranslations('place_page'), getLocale()]);
  const isCompany = viewer?.role === 'company';
  const isOwner = viewer?.id === place.user.id;
  const contacts: ContactValue[] = [
    place.phone ? { kind: 'phone' as const, value: place.phone } : null,
    place.email ? { kind: 'email' as const, value: place.email } : null,
    place.url ? { kind: 'url' as const, value: place.url } : null,
  ].filter((c): c is ContactValue => c !== null);
  const socials = [
    place.facebook && { href: place.facebook, label: t('facebook'), icon: <FacebookIcon /> },
    place.instagram && { href: place.instagram, label: t('instagram'), icon: <InstagramIcon /> },
    place.linked_in && { href: place.linked_in, label: t('linked_in'), icon: <LinkedInIcon /> },
  ].filter((s) => !!s);
  // Spec §6: attendees may write only to an owner whose plan has messenger_access; a guest signs in first.
  const showMessage = place.features.messenger_access && (!viewer || viewer.role === 'user') && !isOwner;

  return (
    <div className={`${card} relative -mt-10 flex flex-col gap-4 sm:-mt-14 md:flex-row md:items-start`}>
      <div className="relative -mt-16 h-28 w-28 shrink-0 md:-mt-20 md:h-36 md:w-36">
        <PlaceLogo
          name={place.name}
          src={place.logo?.url}
          alt={t('logo_alt', { name: place.name })}
          className="h-full w-full border-4 border-white text-4xl shadow-md md:text-5xl"
        />
        {!isCompany && (
          <div className="absolute -right-1 -bottom-1">
            <FavouriteToggle placeId={place.id} initial={place.is_favourite} signedIn={!!viewer} />
          </div>
        )}
      </div>

      <div className="flex min-w-0 flex-1 flex-col gap-3">
        <div>
          <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
            <h1
              id="place-name"
              lang={place.text_lang.name}
              className="text-2xl font-extrabold break-words sm:text-3xl"
            >
              {place.name}
            </h1>
            {place.verified && (
              <span className="inline-flex items-center gap-1 rounded-full bg-brand-50 px-2.5 py-0.5 text-sm font-semibold text-brand-700">
                <BadgeCheck aria-hidden size={16} />
                {t('verified')}
              </span>
            )}
          </div>
          <OnlyInNote lang={place.text_lang.name} pageLocale={pageLocale} />
          {place.categories.length > 0 && (
            <p className="mt-1 text-sm text-slate-600">{place.categories.map((c) => c.name).join(' · ')}</p>
          )}
          {/* Issue 18: the address in a phone's first screen, leading to the full one and the map. */}
          <p className="mt-1 flex items-start gap-1.5 text-sm text-slate-700">
            <MapPin aria-hidden size={16} className="mt-0.5 shrink-0" />
            <a href="#place-address" className="underline-offset-2 hover:underline">
              {[place.street, place.city].filter(Boolean).join(', ')}
            </a>
          </p>
        </div>
        {place.languages.length > 0 && (
          <div className="flex flex-wrap items-center gap-1.5 text-sm">
            <span className="text-slate-600">{t('languages')}:</span>
            <ul className="flex flex-wrap gap-1.5">
              {place.languages.map((l) => (
                <li key={l.id} className="rounded-full bg-slate-100 px-2.5 py-0.5">
                  {l.name}
                </li>
              ))}
            </ul>
          </div>
        )}
        <div className="flex flex-wrap items-start gap-x-4 gap-y-2">
          <ContactIcons placeId={place.id} items={contacts} />
          {socials.length > 0 && (
            <ul aria-label={t('social')} className="flex flex-wrap gap-2">
              {socials.map((s) => (
                <li key={s.href}>
                  <a
                    href={s.href}
                    aria-label={`${s.label} ${t('new_tab')}`}
                    title={s.label}
                    className="flex h-10 w-10 items-center justify-center rounded-full bg-slate-100 text-slate-700 hover:bg-slate-200"
                    {...external}
                  >
                    {s.icon}
                  </a>
                </li>
              ))}
            </ul>
          )}
          {showMessage && (
            <Link
              href={
                viewer ? `/messages/${place.user.id}?place=${place.id}` : loginPath(`/places/${place.id}`)
              }
              className="inline-flex h-10 items-center gap-2 rounded-full bg-brand-600 px-4 text-sm font-semibold text-white hover:bg-brand-700"
            >
              <Send aria-hidden size={16} />
              {t('send_message')}
            </Link>
          )}
          {!isOwner && <ReportButton target="place" targetId={place.id} signedIn={!!viewer} />}
        </div>
      </div>
    </div>
  );
}
