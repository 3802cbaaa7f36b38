import 'server-only';
import { countHit, countOnce } from '@/server/stats/counter';

export { anonymousVisitorsPerAddress } from '@/server/stats/counter';

// Search engines, link previews and scripted browsers are not visitors. Known names, then what crawlers
// put in their User-Agent by convention: a "…bot/" product or a "+http" contact link ("bot" alone would
// also match phones such as the CUBOT). HeadlessChrome is a browser driven by a script (people never
// send it), and a request with no User-Agent at all comes from a tool, not a browser.
const crawlerPattern = new RegExp(
  [
    'googlebot',
    'bingbot',
    'yandexbot',
    'duckduckbot',
    'baiduspider',
    'facebookexternalhit',
    'twitterbot',
    'slurp',
    'ahrefsbot',
    'semrushbot',
    'headlesschrome',
    'bot[/;)]',
    '\\bbot\\b',
    '\\+https?:',
    'crawler',
    'spider',
    'crawling',
  ].join('|'),
  'i',
);

export function isCrawler(userAgent: string): boolean {
  return userAgent.trim() === '' || crawlerPattern.test(userAgent);
}

// Feed readers and calendar apps announce themselves like crawlers ("Feedly/1.0 (+http://…)") but fetch
// for people who subscribed; only the search engines and SEO tools among them are left out.
const searchEnginePattern =
  /googlebot|bingbot|yandexbot|duckduckbot|baiduspider|slurp|ahrefsbot|semrushbot|petalbot|applebot/i;

/** Whether a feed request comes from a search engine rather than from a subscriber's reader. */
export function isSearchEngine(userAgent: string): boolean {
  return userAgent.trim() === '' || searchEnginePattern.test(userAgent);
}

/**
 * Counts a view of a detail page (issue 28: `view` every time, `visitor` and popularity once per visitor
 * per Warsaw day). The visitor is the account when signed in, else the visitor cookie's id
 * (`src/web/visitor-cookie.ts`); crawlers and the owner's own views are not counted, and a view without
 * either id counts as a view only. Returns whether a new visitor was counted. The counts are written by
 * the next flush of the counter (src/server/stats/counter.ts).
 */
export async function countPageVisit({
  subject,
  id,
  userId,
  ownerId = null,
  visitorId,
  address,
  userAgent,
  now = new Date(),
}: {
  subject: 'event' | 'place';
  id: number;
  userId: number | null;
  /** The account the event or place belongs to: its own views are not counted. */
  ownerId?: number | null;
  visitorId: string | null;
  address: string;
  userAgent: string;
  now?: Date;
}): Promise<boolean> {
  if (isCrawler(userAgent)) return false;
  if (userId !== null && userId === ownerId) return false;
  countHit({ subject, id, measure: 'view', now });
  if (userId) return recordVisit({ subject, id, visitor: `u${userId}`, now });
  if (!visitorId) return false;
  return recordVisit({ subject, id, visitor: `c${visitorId}`, address, now });
}

/**
 * Counts `visitor` (and with it popularity, spec §3 visit_count) the first time `visitor` comes to the
 * page on a Warsaw day. An anonymous visitor also counts against its address's daily allowance.
 */
export function recordVisit({
  subject,
  id,
  visitor,
  address,
  now = new Date(),
}: {
  subject: 'event' | 'place';
  id: number;
  visitor: string;
  /** Set for cookie visitors: at most `anonymousVisitorsPerAddress` of them count per address. */
  address?: string;
  now?: Date;
}): Promise<boolean> {
  return countOnce({ subject, id, measure: 'visitor', visitor, address, now });
}
