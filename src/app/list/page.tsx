import type { Metadata } from 'next';
import { connection } from 'next/server';
import { getLocale, getTranslations } from 'next-intl/server';
import { EventCard } from '@/components/events/event-card';
import { feedAlternates, listFeedFilters } from '@/components/feeds/feed-alternates';
import { FeedSubscribe } from '@/components/feeds/feed-subscribe';
import { AttributeFilter } from '@/components/list/attribute-filter';
import { FiltersPanel } from '@/components/list/filters-panel';
import { ListTabs } from '@/components/list/list-tabs';
import { eventsHash, listHref, placesHash } from '@/components/list/list-url';
import { parseListQuery } from '@/components/list/parse-list-query';
import type { MapItem } from '@/components/list/results-map';
import { EmptyResults, ResultsPanel } from '@/components/list/results-panel';
import { SortSelect } from '@/components/list/sort-select';
import { PlaceCard } from '@/components/places/place-card';
import { EmbedWidget } from '@/components/widget/embed-widget';
import { getConfig } from '@/config';
import { formatDate } from '@/lib/format';
import type { Locale } from '@/lib/locale';
import type { EventCard as EventCardData } from '@/lib/schemas/event-responses';
import type { PlaceCard as PlaceCardData } from '@/lib/schemas/place-responses';
import { eventSearchQuerySchema, placeSearchQuerySchema } from '@/lib/schemas/search';
import { listAttributes } from '@/server/attributes/catalogue';
import { listCategories } from '@/server/categories/list-categories';
import { listPlaces } from '@/server/places/list-places';
import { searchEvents } from '@/server/search/search-events';
import { servedAlternates, withFeeds } from '@/web/seo-metadata';

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

export async function generateMetadata({ searchParams }: Props): Promise<Metadata> {
  const [raw, t] = await Promise.all([searchParams, getTranslations('list')]);
  const search = [raw.search].flat()[0]?.trim().slice(0, 80);
  // Issue 17: the search's feeds, for readers and calendar apps that look for them in the head.
  const [alternates, feeds] = await Promise.all([
    servedAlternates(),
    feedAlternates(listFeedFilters(parseListQuery(raw).events)),
  ]);
  return {
    title: search ? t('meta_title_search', { search }) : t('meta_title'),
    alternates: withFeeds(alternates, feeds),
  };
}

// A page number past the end (an old link, fewer results now) shows the last page instead.
async function withinPages<Q extends { page?: number }, R extends { data: unknown[]; last_page: number }>(
  search: (query: Q) => Promise<R>,
  query: Q,
): Promise<R> {
  const result = await search(query);
  return result.data.length === 0 && (query.page ?? 1) > result.last_page
    ? search({ ...query, page: result.last_page })
    : result;
}

const popularCount = 4;

type Located = { id: number; name: string; lat: number | null; lng: number | null };

/** A few popular items that are not among the page's results. */
function notShown<T extends { id: number }>(popular: T[], shown: T[]): T[] {
  const ids = new Set(shown.map((i) => i.id));
  return popular.filter((i) => !ids.has(i.id)).slice(0, popularCount);
}

// A promoted result is labelled and its impressions and clicks counted (issue 28); elsewhere on the
// page (the popular ones) it is labelled only.
const eventCard = (e: EventCardData, placement?: 'list') => ({
  id: e.id,
  node: <EventCard event={e} placement={placement} />,
});
const placeCard = (p: PlaceCardData, priority = false) => ({
  id: p.id,
  node: <PlaceCard place={p} priority={priority} />,
});

/** Markers for the map; spec §5: coordinates count only when both are above 0. */
function mapItems<T extends Located>(items: T[], href: (item: T) => string, detail: (item: T) => string) {
  return items.flatMap((i): MapItem[] =>
    i.lat !== null && i.lng !== null && i.lat > 0 && i.lng > 0
      ? [{ id: i.id, name: i.name, href: href(i), detail: detail(i), lat: i.lat, lng: i.lng }]
      : [],
  );
}

/**
 * Spec §2 /list: events and places for the same filters, both rendered here so the tabs switch at once.
 * URL: the §7 filter names, `page` for events and `place_page` for places; the hash picks the tab.
 */
export default async function ListPage({ searchParams }: Props) {
  await connection();
  const [raw, locale, t] = await Promise.all([searchParams, getLocale(), getTranslations('list')]);
  const query = parseListQuery(raw);
  // Issue 30: a slug not in the catalogue (an old or hand-edited link) is dropped and reported, not a 422.
  const attributes = await listAttributes({ locale: locale as Locale });
  const knownSlugs = new Set(attributes.map((a) => a.slug));
  if (query.events.attributes?.some((slug) => !knownSlugs.has(slug))) {
    const kept = query.events.attributes.filter((slug) => knownSlugs.has(slug));
    query.events.attributes = kept.length ? kept : undefined;
    query.places.attributes = query.events.attributes;
    query.filters.attributes = kept.length ? kept.join(',') : undefined;
    query.dropped.push('attributes');
  }
  const { filters } = query;
  const [events, places, categories, popularEvents, popularPlaces] = await Promise.all([
    withinPages(searchEvents, { ...query.events, locale: locale as Locale }),
    withinPages(listPlaces, { ...query.places, locale: locale as Locale }),
    listCategories({ locale: locale as Locale }),
    // Enough to still have a few after leaving out what the page already shows.
    searchEvents({
      ...eventSearchQuerySchema.parse({ order_by: 'popular', limit: 12 + popularCount }),
      locale: locale as Locale,
    }),
    listPlaces({
      ...placeSearchQuerySchema.parse({ order_by: 'popular', limit: 12 + popularCount }),
      locale: locale as Locale,
    }),
  ]);
  const map = getConfig().map;
  const eventsHref = (page: number) =>
    listHref(filters, { page, place_page: places.current_page }, eventsHash);
  const placesHref = (page: number) =>
    listHref(filters, { page: events.current_page, place_page: page }, placesHash);
  const notices = [
    ...new Set(query.dropped.flatMap((key) => (key === 'location' ? [] : [t(`fields.${key}`)]))),
  ];
  const search = filters.search;
  const emptyResults = (title: string, hash: string) => (
    <EmptyResults
      title={title}
      hint={t('empty_hint')}
      action={{ href: `/list${hash}`, label: t('clear_filters') }}
    />
  );

  return (
    <div className="mx-auto max-w-6xl px-4 py-6 sm:py-8">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-extrabold break-words sm:text-3xl">
          {search ? t('heading_search', { search }) : t('heading')}
        </h1>
        <div className="flex flex-wrap items-center gap-2">
          {/* Issue 30: the feeds behind one control, so the first result fits a phone's first screen. */}
          <FeedSubscribe filters={listFeedFilters(query.events)} subject="search" folded />
          {/* Issue 17: this search's next events on another site. */}
          <EmbedWidget target={{ search: listHref(filters).replace(/^\/list\??/, '') }} />
        </div>
      </div>
      {(notices.length > 0 || query.dropped.includes('location')) && (
        <div
          role="status"
          className="mt-3 flex flex-col gap-1 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950"
        >
          {notices.length > 0 && <p>{t('dropped', { fields: notices.join(', ') })}</p>}
          {query.dropped.includes('location') && <p>{t('location_needed')}</p>}
        </div>
      )}
      <div className="mt-5 md:grid md:grid-cols-[16rem_minmax(0,1fr)] md:items-start md:gap-6">
        <FiltersPanel
          filters={filters}
          categories={categories.map((c) => ({ id: c.id, name: c.name }))}
          attributes={<AttributeFilter options={attributes} applied={filters.attributes} />}
        />
        <ListTabs
          counts={{
            // Decision 36: beyond the cap a search reports a lower bound, shown as "10 000+".
            events: events.total_exact
              ? String(events.total)
              : t('count_lower_bound', { count: events.total }),
            places: places.total_exact
              ? String(places.total)
              : t('count_lower_bound', { count: places.total }),
          }}
          events={
            <ResultsPanel
              id="list-events"
              title={
                events.total_exact
                  ? t('found_events', { count: events.total })
                  : t('found_events_lower_bound', { count: events.total })
              }
              toolbar={<SortSelect filters={filters} placePage={places.current_page} />}
              page={events}
              pageHref={eventsHref}
              paginationLabel={{ top: t('pagination.events'), bottom: t('pagination.events_bottom') }}
              cards={events.data.map((e) => eventCard(e, 'list'))}
              empty={emptyResults(t('no_events'), eventsHash)}
              map={{
                title: t('map.title'),
                label: t('map.events'),
                settings: map,
                items: mapItems(
                  events.data,
                  (e) => `/event/${e.id}`,
                  (e) => `${e.city} · ${formatDate(e.start_date)}`,
                ),
              }}
              other={{
                title: t('other_events'),
                cards: notShown(popularEvents.data, events.data).map((e) => eventCard(e)),
              }}
            />
          }
          places={
            <ResultsPanel
              id="list-places"
              title={t('found_places', { count: places.total })}
              page={places}
              pageHref={placesHref}
              paginationLabel={{ top: t('pagination.places'), bottom: t('pagination.places_bottom') }}
              // The places tab opens the page: its first picture is the largest element (LCP), fetched first.
              cards={places.data.map((p, i) => placeCard(p, i === 0))}
              empty={emptyResults(t('no_places'), placesHash)}
              map={{
                title: t('map.title'),
                label: t('map.places'),
                settings: map,
                items: mapItems(
                  places.data,
                  (p) => `/places/${p.id}`,
                  (p) => `${p.city}, ${p.street}`,
                ),
              }}
              other={{
                title: t('other_places'),
                cards: notShown(popularPlaces.data, places.data).map((p) => placeCard(p)),
              }}
            />
          }
        />
      </div>
    </div>
  );
}
