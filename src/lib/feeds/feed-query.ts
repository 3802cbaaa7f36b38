import { z } from 'zod';
import { locales } from '@/lib/locale';
import { checkEventSearch, eventSearchQuerySchema } from '@/lib/schemas/search';

// Issue 17: a feed takes the filters of GET /api/event and nothing that pages or reorders: it is the
// next events by start, at most `feedMaxItems`, so no parameter can make one answer larger or slower.
const {
  limit: _limit,
  page: _page,
  per_page: _perPage,
  order_by: _orderBy,
  only_promoted: _onlyPromoted,
  other: _other,
  ...filterFields
} = eventSearchQuerySchema.shape;

/** The most events a feed lists; a calendar or reader gets no further pages. */
export const feedMaxItems = 500;

export const feedFormats = ['ics', 'rss', 'json'] as const;
export type FeedFormat = (typeof feedFormats)[number];

export const feedQuerySchema = z
  .object({
    ...filterFields,
    // Calendar apps and readers send no Accept-Language: the language the link was made in.
    lang: z.preprocess((v) => (v === '' ? undefined : v), z.enum(locales).optional()),
  })
  .superRefine(checkEventSearch);

export type FeedQuery = z.output<typeof feedQuerySchema>;

/** The filters of a feed in the order its address writes them; everything else is not part of a feed. */
export const feedFilterKeys = [
  'localization',
  'category_id',
  'place_id',
  'company_id',
  'search',
  'lat',
  'lng',
  'max_distance',
  'date_from',
  'date_end',
  'price_min',
  'price_max',
] as const satisfies readonly (keyof FeedQuery)[];

export type FeedFilters = Partial<Pick<FeedQuery, (typeof feedFilterKeys)[number]>>;
