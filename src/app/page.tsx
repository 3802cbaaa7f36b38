import Link from 'next/link';
import { connection } from 'next/server';
import { getLocale, getTranslations } from 'next-intl/server';
import { EventCard } from '@/components/events/event-card';
import { PlaceCard } from '@/components/places/place-card';
import { formatDate } from '@/lib/format';
import type { Locale } from '@/lib/locale';
import { getPageUser } from '@/server/auth/current-user';
import { listCategories } from '@/server/categories/list-categories';
import { listEventCards } from '@/server/events/event-cards';
import { listLatestPlaceCards } from '@/server/places/place-cards';

function Section({ title, children, id }: { title: string; children: React.ReactNode; id: string }) {
  return (
    <section aria-labelledby={id} className="mx-auto mt-12 max-w-6xl px-4">
      <h2 id={id} className="mb-4 text-2xl font-bold">
        {title}
      </h2>
      {children}
    </section>
  );
}

const grid = 'grid grid-cols-1 gap-4 sm:grid-cols-2 md:grid-cols-4';

export default async function HomePage() {
  await connection();
  const locale = (await getLocale()) as Locale;
  const t = await getTranslations('home');
  const [user, categories, promoted, newest, popular, places] = await Promise.all([
    getPageUser(),
    listCategories({ locale }),
    listEventCards({ order: 'promoted', limit: 10 }),
    listEventCards({ order: 'latest', limit: 20 }),
    listEventCards({ order: 'popular', limit: 8 }),
    listLatestPlaceCards({ limit: 8 }),
  ]);

  return (
    <>
      <section className="bg-gradient-to-br from-brand-700 to-brand-500 text-white">
        <div className="mx-auto max-w-6xl px-4 py-12 sm:py-16">
          <p className="flex items-center gap-3 text-lg font-extrabold">
            <span
              aria-hidden
              className="flex h-10 w-10 items-center justify-center rounded-xl bg-white text-brand-700"
            >
              WM
            </span>
            {t('brand')}
          </p>
          <h1 className="mt-6 max-w-2xl text-3xl font-extrabold sm:text-5xl">{t('hero_title')}</h1>
          <p className="mt-4 max-w-xl text-lg text-brand-100">{t('hero_text')}</p>
        </div>
      </section>

      <Section title={t('categories')} id="home-categories">
        <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 md:grid-cols-4 lg:grid-cols-6">
          {categories.map((c) => (
            <li key={c.id}>
              <Link
                href={`/list?category_id=${c.id}#event_type`}
                className="relative flex h-24 items-end overflow-hidden rounded-xl bg-slate-700 p-3 font-semibold text-white shadow-sm hover:ring-4 hover:ring-brand-100"
              >
                {c.image && (
                  <img
                    src={c.image.url}
                    alt=""
                    className="absolute inset-0 h-full w-full object-cover opacity-80"
                  />
                )}
                <span className="relative drop-shadow">{c.name}</span>
              </Link>
            </li>
          ))}
        </ul>
      </Section>

      {promoted.length > 0 && (
        <Section title={t('promoted')} id="home-promoted">
          <ul className="flex snap-x snap-mandatory gap-4 overflow-x-auto pb-3" aria-label={t('promoted')}>
            {promoted.slice(0, 10).map((e) => (
              <li key={e.id} className="w-64 shrink-0 snap-start">
                <Link
                  href={`/event/${e.id}`}
                  className="block overflow-hidden rounded-xl bg-slate-900 text-white shadow-md"
                >
                  <div className="aspect-[16/9] bg-slate-700">
                    {(e.image ?? e.banner) && (
                      <img
                        src={(e.image ?? e.banner)?.url}
                        alt=""
                        className="h-full w-full object-cover"
                        loading="lazy"
                      />
                    )}
                  </div>
                  <div className="p-3">
                    <p className="line-clamp-1 font-semibold">{e.name}</p>
                    <p className="text-sm text-slate-300">
                      {e.city} · {formatDate(e.start_date)}
                    </p>
                  </div>
                </Link>
              </li>
            ))}
          </ul>
        </Section>
      )}

      <Section title={t('newest_events')} id="home-newest">
        {newest.length ? (
          <ul className={grid}>
            {newest.slice(0, 8).map((e) => (
              <li key={e.id}>
                <EventCard event={e} />
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-slate-600">{t('no_events')}</p>
        )}
      </Section>

      <Section title={t('popular_events')} id="home-popular">
        <ul className={grid}>
          {popular.slice(0, 4).map((e) => (
            <li key={e.id}>
              <EventCard event={e} />
            </li>
          ))}
        </ul>
      </Section>

      <Section title={t('newest_places')} id="home-places">
        <ul className={grid}>
          {places.map((p) => (
            <li key={p.id}>
              <PlaceCard place={p} />
            </li>
          ))}
        </ul>
      </Section>

      {popular.length > 4 && (
        <Section title={t('more_popular')} id="home-popular-more">
          <ul className={grid}>
            {popular.slice(4, 8).map((e) => (
              <li key={e.id}>
                <EventCard event={e} />
              </li>
            ))}
          </ul>
        </Section>
      )}

      {!user && (
        <section className="mx-auto mt-16 max-w-6xl px-4">
          <div className="grid gap-6 rounded-2xl bg-slate-900 p-8 text-white md:grid-cols-2">
            <div>
              <h2 className="text-2xl font-bold">{t('join_title')}</h2>
              <p className="mt-2 text-slate-300">{t('join_text')}</p>
            </div>
            <div className="flex flex-wrap items-center gap-3 md:justify-end">
              <Link
                href="/register"
                className="rounded-lg bg-white px-5 py-3 font-semibold text-slate-900 hover:bg-slate-100"
              >
                {t('join_user')}
              </Link>
              <Link
                href="/register#organiser"
                className="rounded-lg bg-accent-500 px-5 py-3 font-semibold text-white hover:bg-orange-800"
              >
                {t('join_company')}
              </Link>
            </div>
          </div>
        </section>
      )}
    </>
  );
}
