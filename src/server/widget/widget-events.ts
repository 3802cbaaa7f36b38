import 'server-only';
import { z } from 'zod';
import { defaultLocale, type Locale, locales } from '@/lib/locale';
import { queryWhole } from '@/lib/schemas/fields';
import { type EventSearchQuery, eventSearchQuerySchema } from '@/lib/schemas/search';
import { type WidgetTheme, widgetLimit, widgetThemes } from '@/lib/widget';
import { searchEvents } from '@/server/search/search-events';
import type { WidgetEvent } from './render-widget';

// The widget lists the first events of any search GET /api/event can express (a place's is one with
// place_id): the same search, cached like it, never a second one.

const widgetOptionsSchema = z.object({
  theme: z.enum(widgetThemes).default('light'),
  lang: z.enum(locales).default(defaultLocale),
  limit: queryWhole(z.number().int().min(1).max(widgetLimit.max)),
});

// A widget always shows the next events: paging is not one of its parameters.
const notSearchKeys = new Set(['theme', 'lang', 'limit', 'page', 'per_page']);
const searchKeys = new Set(Object.keys(eventSearchQuerySchema.shape));

export interface WidgetQuery {
  theme: WidgetTheme;
  lang: Locale;
  search: EventSearchQuery;
  /** The search's own parameters as given (for the "more" link to the list page). */
  searchParams: URLSearchParams;
}

/** The widget's parameters: its own (theme, lang, limit) and GET /api/event's, checked by its schema. */
export function parseWidgetQuery(
  raw: Record<string, unknown>,
):
  | { success: true; data: WidgetQuery }
  | { success: false; error: z.ZodError; lang: Locale; theme: WidgetTheme } {
  const own = widgetOptionsSchema.safeParse(raw);
  const searchInput: Record<string, unknown> = {};
  const searchParams = new URLSearchParams();
  for (const [key, value] of Object.entries(raw)) {
    if (notSearchKeys.has(key) || !searchKeys.has(key)) continue;
    searchInput[key] = value;
    if (typeof value === 'string' && value !== '') searchParams.set(key, value);
  }
  const limit = own.success ? (own.data.limit ?? widgetLimit.default) : widgetLimit.default;
  const search = eventSearchQuerySchema.safeParse({ ...searchInput, limit });
  if (own.success && search.success) {
    return {
      success: true,
      data: { theme: own.data.theme, lang: own.data.lang, search: search.data, searchParams },
    };
  }
  const issues = [...(own.error?.issues ?? []), ...(search.error?.issues ?? [])];
  // The refusal is shown in the frame too: in the language and colours asked for, when those are valid.
  const lang = raw.lang === 'en' ? 'en' : defaultLocale;
  return {
    success: false,
    error: new z.ZodError(issues),
    lang,
    theme: raw.theme === 'dark' ? 'dark' : 'light',
  };
}

/** The events a widget shows, in the search's order (the next ones first by default). */
export async function listWidgetEvents({
  search,
  lang,
}: {
  search: EventSearchQuery;
  lang: Locale;
}): Promise<WidgetEvent[]> {
  const page = await searchEvents({ ...search, locale: lang });
  return page.data.map((e) => ({
    id: e.id,
    name: e.name,
    lang: e.lang,
    startDate: e.start_date,
    placeName: e.place_name,
    city: e.city,
    sponsor: e.sponsor,
    registration: e.registration,
  }));
}
