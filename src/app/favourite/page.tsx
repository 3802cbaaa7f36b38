import type { Metadata } from 'next';
import { redirect } from 'next/navigation';
import { connection } from 'next/server';
import { getTranslations } from 'next-intl/server';
import { EventCard } from '@/components/events/event-card';
import { PlaceCard } from '@/components/places/place-card';
import { listEventsIn } from '@/server/events/event-lists';
import { listPlaceFavourites } from '@/server/favourites/place-favourites';
import { getPageUser } from '@/web/page-user';

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations('favourites'))('title') };
}

const grid = 'grid grid-cols-1 gap-4 sm:grid-cols-2 md:grid-cols-4';

/** Spec §2 /favourite: the attendee's favourite events and places; favourites are not for companies. */
export default async function FavouritesPage() {
  await connection();
  const user = await getPageUser();
  if (!user) redirect('/login');
  if (user.role !== 'user') redirect('/');
  const t = await getTranslations('favourites');
  const [events, places] = await Promise.all([
    listEventsIn({ actor: user, kind: 'favourite' }),
    listPlaceFavourites({ actor: user }),
  ]);
  return (
    <div className="mx-auto max-w-6xl px-4 py-10">
      <h1 className="text-3xl font-bold">{t('title')}</h1>
      <section aria-labelledby="fav-events" className="mt-8">
        <h2 id="fav-events" className="mb-4 text-2xl font-bold">
          {t('events')}
        </h2>
        {events.length ? (
          <ul className={grid}>
            {events.map((e) => (
              <li key={e.id}>
                <EventCard event={{ ...e, image: null, visit_count: 0 }} />
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-slate-600">{t('events_empty')}</p>
        )}
      </section>
      <section aria-labelledby="fav-places" className="mt-12">
        <h2 id="fav-places" className="mb-4 text-2xl font-bold">
          {t('places')}
        </h2>
        {places.length ? (
          <ul className={grid}>
            {places.map((p) => (
              <li key={p.id}>
                <PlaceCard place={p} />
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-slate-600">{t('places_empty')}</p>
        )}
      </section>
    </div>
  );
}
