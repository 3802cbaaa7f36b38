import type { Locale } from './locale';

// The embeddable widget (issue 17): its addresses, choices and the two snippets, shared by the API that
// serves it and the Embed dialog that writes the snippets.

export const widgetPath = '/api/widget/events.html';
export const embedScriptPath = '/api/widget/embed.js';

export const widgetThemes = ['light', 'dark'] as const;
export type WidgetTheme = (typeof widgetThemes)[number];

/** How many events a widget lists: a few by default, never a long page inside someone else's site. */
export const widgetLimit = { default: 5, max: 20 } as const;

/** The message the widget posts to its parent, so that the script snippet can fit the frame to it. */
export const widgetHeightMessage = 'wim-widget-height';

export interface WidgetOptions {
  /** A place's events, or... */
  placeId?: number;
  /** ...a search: the query string of GET /api/event's parameters, without the leading "?". */
  search?: string;
  theme: WidgetTheme;
  lang: Locale;
  limit: number;
}

/** The widget's address on `origin` for these options. */
export function widgetUrl(origin: string, options: WidgetOptions): string {
  const query = new URLSearchParams(options.placeId ? '' : (options.search ?? ''));
  if (options.placeId) query.set('place_id', String(options.placeId));
  query.set('theme', options.theme);
  query.set('lang', options.lang);
  if (options.limit !== widgetLimit.default) query.set('limit', String(options.limit));
  return `${origin}${widgetPath}?${query}`;
}

const attribute = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** The iframe snippet: works without any script, at a fixed height. */
export function iframeSnippet(origin: string, options: WidgetOptions, title: string): string {
  const height = 120 + 64 * options.limit;
  return `<iframe src="${attribute(widgetUrl(origin, options))}" title="${attribute(title)}" width="100%" height="${height}" style="border:0;max-width:100%" loading="lazy"></iframe>`;
}

/** The script snippet: embed.js puts the iframe after itself and fits its height to the list. */
export function scriptSnippet(origin: string, options: WidgetOptions): string {
  const data = [
    options.placeId ? `data-place="${options.placeId}"` : `data-search="${attribute(options.search ?? '')}"`,
    `data-theme="${options.theme}"`,
    `data-lang="${options.lang}"`,
    `data-limit="${options.limit}"`,
  ];
  return `<script src="${origin}${embedScriptPath}" ${data.join(' ')} async></script>`;
}
