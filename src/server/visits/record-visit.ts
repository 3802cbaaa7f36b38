import 'server-only';
import { sql } from 'drizzle-orm';
import { RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible';
import { getDb, rowsOf } from '@/db/client';
import { events, places, visits } from '@/db/schema';

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

/**
 * Distinct anonymous visitors counted per address, subject and day. A visitor id is a cookie, and a
 * script that drops its cookies is a new visitor on every request; this bounds what one address can
 * add to a popularity a day, while a household or an office behind one router still counts in full.
 */
export const anonymousVisitorsPerAddress = 10;
const perAddress = new RateLimiterMemory({ points: anonymousVisitorsPerAddress, duration: 24 * 60 * 60 });

/**
 * Counts a view of a detail page (DESIGN.md: once per visitor per day). The visitor is the account
 * when signed in, else the visitor cookie's id (`src/web/visitor-cookie.ts`); crawlers and requests
 * without either are not counted. Returns whether the view was counted.
 */
export async function countPageVisit({
  subject,
  id,
  userId,
  visitorId,
  address,
  userAgent,
  now = new Date(),
}: {
  subject: 'event' | 'place';
  id: number;
  userId: number | null;
  visitorId: string | null;
  address: string;
  userAgent: string;
  now?: Date;
}): Promise<boolean> {
  if (isCrawler(userAgent)) return false;
  if (userId) return recordVisit({ subject, id, visitor: `u${userId}`, now });
  if (!visitorId) return false;
  const key = `${now.toISOString().slice(0, 10)}|${subject}|${id}|${address}`;
  // Taken before the visit is written and given back when it was not new, so that parallel views
  // from one address cannot pass the cap between a check and a count.
  try {
    await perAddress.consume(key);
  } catch (error) {
    if (error instanceof RateLimiterRes) return false;
    throw error;
  }
  const counted = await recordVisit({ subject, id, visitor: `c${visitorId}`, now });
  if (!counted) await perAddress.reward(key, 1);
  return counted;
}

/**
 * Popularity is visit_count, counted once per visitor per day (DESIGN.md): the visit row's key makes a
 * repeated visit a no-op, and the counter moves in the same statement as the first one.
 *
 * One raw statement, not the query builder, so that the write observers of the search cache do not
 * hear it (and the update trigger of migration 0007 ignores a change of visit_count alone): a page view
 * only moves popularity, which cached answers pick up when they expire, while emptying every cache on
 * every page view would leave nothing cached on a busy site.
 */
export async function recordVisit({
  subject,
  id,
  visitor,
  now = new Date(),
}: {
  subject: 'event' | 'place';
  id: number;
  visitor: string;
  now?: Date;
}): Promise<boolean> {
  const db = await getDb();
  const day = now.toISOString().slice(0, 10);
  const table = subject === 'event' ? events : places;
  const column = (c: { name: string }) => sql.identifier(c.name);
  const counted = rowsOf(
    await db.execute(sql`
      with visit as (
        insert into ${visits} (${column(visits.subject)}, ${column(visits.subjectId)}, ${column(visits.visitor)}, ${column(visits.day)})
        values (${subject}, ${id}, ${visitor}, ${day})
        on conflict do nothing
        returning 1
      )
      update ${table} set ${column(table.visitCount)} = ${table.visitCount} + 1
      where ${table.id} = ${id} and exists (select 1 from visit)
      returning 1`),
  );
  return counted.length > 0;
}
