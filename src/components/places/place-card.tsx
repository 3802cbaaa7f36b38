import { getLocale, getTranslations } from 'next-intl/server';
import { AttributeChips } from '@/components/attributes/attribute-list';
import { OnlyInNote } from '@/components/content/only-in-note';
import { rated } from '@/components/detail/star-rating';
import { BadgeCheck, MapPin, Star } from '@/components/ui/icons';
import { Link } from '@/components/ui/link';
import { OptionalImage } from '@/components/ui/optional-image';
import type { PlaceCard as PlaceCardData } from '@/lib/schemas/place-responses';
import { PlaceLogo } from './place-logo';

/** `priority`: the first card at the top of a page, whose picture is the page's largest (LCP). */
export async function PlaceCard({ place, priority = false }: { place: PlaceCardData; priority?: boolean }) {
  const [t, tp, tAttr, locale] = await Promise.all([
    getTranslations('places'),
    getTranslations('place_page'),
    getTranslations('attributes'),
    getLocale(),
  ]);
  return (
    <article className="flex h-full flex-col overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm transition hover:shadow-md">
      <Link href={`/places/${place.id}`} className="flex h-full flex-col">
        <div className="relative h-28 bg-slate-200">
          <OptionalImage src={place.banner?.url} lazy priority={priority} />
          <PlaceLogo
            name={place.name}
            src={place.logo?.url}
            lazy
            className="absolute -bottom-6 left-3 h-14 w-14 border-4 border-white text-lg"
          />
        </div>
        <div className="flex flex-1 flex-col gap-1 p-3 pt-8">
          <h3 className="flex items-start gap-1 font-semibold leading-snug">
            <span lang={place.lang} className="line-clamp-2">
              {place.name}
            </span>
            {place.verified && (
              <BadgeCheck aria-label={t('verified')} className="shrink-0 text-brand-600" size={18} />
            )}
          </h3>
          <OnlyInNote lang={place.lang} pageLocale={locale} className="text-xs text-slate-600" />
          <p className="flex items-center gap-1 text-sm text-slate-600">
            <MapPin aria-hidden size={14} />
            {place.city}, {place.street}
          </p>
          <AttributeChips
            attributes={place.attributes}
            label={tAttr('list_label')}
            moreLabel={(count) => tAttr('more', { count })}
          />
          <p className="mt-auto flex items-center gap-1 pt-1 text-sm text-slate-700">
            {rated(place.stars) ? (
              <>
                <Star aria-hidden size={14} className="fill-amber-400 text-amber-400" />
                <span>{t('stars', { stars: place.stars.toFixed(1) })}</span>
              </>
            ) : (
              tp('no_ratings')
            )}
          </p>
        </div>
      </Link>
    </article>
  );
}
