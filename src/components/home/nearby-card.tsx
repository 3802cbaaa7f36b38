'use client';

import { CalendarDays, MapPin, Navigation } from 'lucide-react';
import Link from 'next/link';
import { useFormatter, useTranslations } from 'next-intl';
import { formatDate, formatPrice } from '@/lib/format';

/** The fields of a GET /api/event card this section shows. */
export interface NearbyEvent {
  id: number;
  name: string;
  city: string;
  start_date: string;
  price_min: number;
  price_max: number;
  banner: { url: string } | null;
  image: { url: string } | null;
  distance_km: number | null;
}

/** One card of the home page's nearby carousel. */
export function NearbyCard({ event }: { event: NearbyEvent }) {
  const t = useTranslations('home.nearby');
  const te = useTranslations('events');
  const format = useFormatter();
  const image = event.image?.url ?? event.banner?.url;
  const min = Math.round(event.price_min * 100);
  const max = Math.round(event.price_max * 100);
  const price =
    max === 0 ? te('free') : min === max ? formatPrice(min) : `${formatPrice(min)} – ${formatPrice(max)}`;
  return (
    <article className="group flex h-full flex-col overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm transition hover:shadow-md">
      <Link href={`/event/${event.id}`} className="flex h-full flex-col focus-visible:outline-offset-[-3px]">
        <div className="aspect-[3/2] overflow-hidden bg-slate-200">
          {image && (
            <img
              src={image}
              alt=""
              loading="lazy"
              className="h-full w-full object-cover transition group-hover:scale-105"
            />
          )}
        </div>
        <div className="flex flex-1 flex-col gap-1 p-3">
          <h3 className="line-clamp-2 font-semibold leading-snug">{event.name}</h3>
          <p className="flex items-center gap-1 text-sm text-slate-600">
            <CalendarDays aria-hidden size={14} />
            <time dateTime={event.start_date}>{formatDate(event.start_date)}</time>
          </p>
          <p className="flex items-center gap-1 text-sm text-slate-600">
            <MapPin aria-hidden size={14} />
            {event.city}
          </p>
          {event.distance_km !== null && (
            <p className="flex items-center gap-1 text-sm text-slate-600">
              <Navigation aria-hidden size={14} />
              {t('distance', { km: format.number(event.distance_km, { maximumFractionDigits: 1 }) })}
            </p>
          )}
          <p className="mt-auto pt-1 text-sm font-semibold text-brand-700">{price}</p>
        </div>
      </Link>
    </article>
  );
}
