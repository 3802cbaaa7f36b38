import { connection } from 'next/server';
import { getLocale, getTranslations } from 'next-intl/server';
import type { ReactNode } from 'react';
import { EventCard } from '@/components/events/event-card';
import { PlaceCard } from '@/components/places/place-card';
import { CardGrid } from '@/components/ui/card-grid';
import { titled } from '@/i18n/page-title';
import type { Locale } from '@/lib/locale';
import { listEventsIn } from '@/server/events/event-lists';
import { listPlaceFavourites } from '@/server/favourites/place-favourites';
import { redirectTo, redirectToLogin } from '@/web/locale-redirect';
import { getPageUser } from '@/web/page-user';

export const generateMetadata = titled('favourites.title');

/** One kind of favourites under its heading: the cards, or the sentence that there are none yet. */
function FavouritesSection({
  id,
  title,
  className,
  ...grid
}: {
  id: string;
  title: string;
  className: string;
  cards: { id: number; node: ReactNode }[];
  empty: string;
}) {
  return (
    <section aria-labelledby={id} className={className}>
      <h2 id={id} className="mb-4 text-2xl font-bold">
        {title}
      </h2>
      <CardGrid className="grid grid-cols-1 gap-4 sm:grid-cols-2 md:grid-cols-4" {...grid} />
    </section>
  );
}

/** Spec §2 /favourite: the attendee's favourite events and places; favourites are not for companies. */
export default async function FavouritesPage() {
  await connection();
  const user = await getPageUser();
  if (!user) return redirectToLogin('/favourite');
  if (user.role !== 'user') return redirectTo('/');
  const [t, locale] = await Promise.all([getTranslations('favourites'), getLocale()]);
  const [events, places] = await Promise.all([
    listEventsIn({ actor: user, kind: 'favourite', locale: locale as Locale }),
    listPlaceFavourites({ actor: user, locale: locale as Locale }),
  ]);
  return (
    <div className="mx-auto max-w-6xl px-4 py-10">
      <h1 className="text-3xl font-bold">{t('title')}</h1>
      <FavouritesSection
        id="fav-events"
        title={t('events')}
        className="mt-8"
        cards={events.map((e) => ({
          id: e.id,
          node: <EventCard event={{ ...e, image: null, visit_count: 0 }} />,
        }))}
        empty={t('events_empty')}
      />
      <FavouritesSection
        id="fav-places"
        title={t('places')}
        className="mt-12"
        cards={places.map((p) => ({ id: p.id, node: <PlaceCard place={p} /> }))}
        empty={t('places_empty')}
      />
    </div>
  );
}
