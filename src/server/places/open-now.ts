import 'server-only';
import { type SQL, sql } from 'drizzle-orm';
import { placeHours, placeSpecialHours, places } from '@/db/schema';

/**
 * Issue 30: the SQL twin of `openState` (src/lib/opening-hours.ts): whether the place of the outer query
 * is open at `at`, in Warsaw time. Most places have no special day on the date or the day before: for
 * them the week's hours, kept on the row as minutes of the week (`open_week`, migration 0022's trigger),
 * answer with one `@>`. The few that have one (a hashed set, read once per statement) take the exact rule:
 * each branch reads one row by a primary key (place_id + date in place_special_hours, place_id + week_day
 * in place_hours). No query from JS per row either way.
 */
export function placeOpenAt(at: Date, placeId: SQL | typeof places.id = places.id): SQL {
  const local = sql`(${at.toISOString()}::timestamptz at time zone 'Europe/Warsaw')`;
  const date = sql`${local}::date`;
  const time = sql`${local}::time`;
  const yesterday = sql`(${local}::date - 1)`;
  // Whether a rule (an alias of either table) opens its own date at `time`; never null.
  const opensOwnDay = (t: SQL) =>
    sql`case when ${t}.closed then false when ${t}.whole_day then true
      else coalesce(${t}."from" <= ${time} and (${t}."to" <= ${t}."from" or ${time} < ${t}."to"), false) end`;
  // Whether the rule of the day before runs past midnight and is still open at `time`.
  const carriesOver = (t: SQL) =>
    sql`coalesce(not ${t}.closed and not ${t}.whole_day and ${t}."to" <= ${t}."from" and ${time} < ${t}."to", false)`;
  const s = sql.raw('s');
  const h = sql.raw('h');
  const special = (day: SQL, what: SQL) =>
    sql`(select ${what} from ${placeSpecialHours} s where s.place_id = ${placeId} and s.date = ${day})`;
  const weekly = (day: SQL, what: SQL) =>
    sql`(select ${what} from ${placeHours} h where h.place_id = ${placeId}
      and h.week_day = extract(isodow from ${day})::smallint)`;
  const exact = sql`(
    coalesce(${special(date, sql`s.closed`)}, ${weekly(date, sql`h.closed`)}, false) = false
    and (
      coalesce(${special(yesterday, carriesOver(s))}, ${weekly(yesterday, carriesOver(h))}, false)
      or coalesce(${special(date, opensOwnDay(s))}, ${weekly(date, opensOwnDay(h))}, false)
    )
  )`;
  const minuteOfWeek = sql`((extract(isodow from ${local})::int - 1) * 1440
    + extract(hour from ${local})::int * 60 + extract(minute from ${local})::int)`;
  const openWeek =
    placeId === places.id
      ? sql`${places.openWeek}`
      : sql`(select p.open_week from ${places} p where p.id = ${placeId})`;
  return sql`(case
    when ${placeId} in (select sd.place_id from ${placeSpecialHours} sd where sd.date between ${yesterday} and ${date})
      then ${exact}
    else coalesce(${openWeek} @> ${minuteOfWeek}, false)
  end)`;
}
