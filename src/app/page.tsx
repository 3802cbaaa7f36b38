import { connection } from 'next/server';
import { getLocale, getTranslations } from 'next-intl/server';
import type { ComponentProps, ReactNode } from 'react';
import { sponsoredTexts } from '@/components/ads/sponsored-label';
import { EventCard } from '@/components/events/event-card';
import { CategoryTiles } from '@/components/home/category-tiles';
import { HomeAds } from '@/components/home/home-ads';
import { JoinBanner } from '@/components/home/join-banner';
import { NearbyEvents } from '@/components/home/nearby-events';
import { NewsletterForm } from '@/components/home/newsletter-form';
import { PromotedSlide } from '@/components/home/promoted-slide';
import { PageMessages } from '@/components/layout/page-messages';
import { PlaceCard } from '@/components/places/place-card';
import { Carousel, type PerView } from '@/components/ui/carousel';
import clientNamespaces from '@/i18n/client-namespaces.json';
import type { Locale } from '@/lib/locale';
import type { EventCard as EventCardData } from '@/lib/schemas/event-responses';
import { carouselIntervalMs, homeLists, placesSliderIntervalMs } from '@/lib/spec-limits';
import { listCategories } from '@/server/categories/list-categories';
import { listEventCards } from '@/server/events/event-cards';
import { listActiveHomeAds } from '@/server/payments/home-ads';
import { listLatestPlaceCards } from '@/server/places/place-cards';
import { getPageUser } from '@/web/page-user';

// Spec §9 home lists. Places: 8 in a slider of 4 per view on wide screens ("large_percentage 25", §2)
// that turns every 3 s (§9); the promoted carousel turns every 5 s like the nearby one.
const promotedView: PerView = { base: 1, sm: 2, md: 3 };

/** The texts of this page's client components (src/i18n/client-messages.ts). */
const clientMessages = clientNamespaces['page.tsx'];

function Block({ children }: { children: ReactNode }) {
  return <div className="mx-auto mt-12 max-w-6xl px-4">{children}</div>;
}

function Heading({ children }: { children: ReactNode }) {
  return <h2 className="text-2xl font-bold">{children}</h2>;
}

type CarouselItems = ComponentProps<typeof Carousel>['items'];

/** A titled carousel in its block; without items nothing, or the title and `empty` when it is given. */
function CarouselBlock({
  title,
  items,
  empty,
  perView,
  autoplay,
}: {
  title: string;
  items: CarouselItems;
  empty?: string;
  perView?: PerView;
  autoplay?: number;
}) {
  if (!items.length) {
    if (!empty) return null;
    return (
      <Block>
        <Heading>{title}</Heading>
        <p className="mt-4 text-slate-600">{empty}</p>
      </Block>
    );
  }
  return (
    <Block>
      <Carousel
        label={title}
        header={<Heading>{title}</Heading>}
        perView={perView}
        autoplay={autoplay}
        items={items}
      />
    </Block>
  );
}

function eventItems(events: EventCardData[]): CarouselItems {
  return events.map((e) => ({ key: e.id, node: <EventCard event={e} /> }));
}

/** Spec §2 "/": rendered on the server per request; the carousels hydrate on the client. */
export default async function HomePage() {
  await connection();
  const locale = (await getLocale()) as Locale;
  const [t, tAds] = await Promise.all([getTranslations('home'), getTranslations('ads')]);
  const [user, categories, promoted, newest, popular, places, ads] = await Promise.all([
    getPageUser(),
    listCategories({ locale }),
    listEventCards({ order: 'promoted', limit: homeLists.promotedMax, locale }),
    listEventCards({ order: 'latest', limit: homeLists.newestEvents, locale }),
    listEventCards({ order: 'popular', limit: homeLists.popularEvents, locale }),
    listLatestPlaceCards({ limit: homeLists.latestPlaces, locale }),
    listActiveHomeAds(),
  ]);
  const popularFirst = popular.slice(0, 4);
  const popularMore = popular.slice(4, 8);

  return (
    <PageMessages namespaces={clientMessages}>
      <section className="bg-gradient-to-br from-brand-700 to-brand-500 text-white">
        <div className="mx-auto grid max-w-6xl items-center gap-8 px-4 py-10 sm:py-14 md:grid-cols-[minmax(0,1fr)_minmax(0,26rem)]">
          <div>
            <p className="flex items-center gap-3 text-lg font-extrabold">
              <span
                aria-hidden
                className="flex h-12 w-12 items-center justify-center rounded-xl bg-white text-brand-700"
              >
                WM
              </span>
              {t('brand')}
            </p>
            <h1 className="mt-6 text-3xl font-extrabold sm:text-5xl">{t('hero_title')}</h1>
            <p className="mt-4 max-w-xl text-lg text-brand-50">{t('hero_text')}</p>
          </div>
          <NewsletterForm />
        </div>
      </section>

      <section aria-labelledby="home-categories" className="mx-auto mt-12 max-w-6xl px-4">
        <h2 id="home-categories" className="mb-4 text-2xl font-bold">
          {t('categories')}
        </h2>
        <CategoryTiles categories={categories} />
      </section>

      <CarouselBlock
        title={t('promoted')}
        items={promoted.map((e) => ({
          key: e.id,
          node: <PromotedSlide event={e} sponsored={sponsoredTexts(tAds, e.sponsor ?? '')} />,
        }))}
        perView={promotedView}
        autoplay={carouselIntervalMs}
      />

      <HomeAds ads={ads} />

      {/* Spec §6: companies do not see the nearby panel. */}
      {user?.role !== 'company' && (
        <Block>
          <NearbyEvents />
        </Block>
      )}

      <CarouselBlock title={t('newest_events')} items={eventItems(newest)} empty={t('no_events')} />
      <CarouselBlock title={t('popular_events')} items={eventItems(popularFirst)} />
      <CarouselBlock
        title={t('newest_places')}
        items={places.map((p) => ({ key: p.id, node: <PlaceCard place={p} /> }))}
        autoplay={placesSliderIntervalMs}
      />
      <CarouselBlock title={t('more_popular')} items={eventItems(popularMore)} />

      {!user && <JoinBanner />}
    </PageMessages>
  );
}
