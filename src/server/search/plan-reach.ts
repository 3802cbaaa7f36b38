import 'server-only';
import { type SQL, sql } from 'drizzle-orm';
import { premiumSettings, users } from '@/db/schema';
import { defaultPlanIdSql } from '@/server/plans/effective-plan';
import { chordOf } from './earth';

/**
 * A search within `km` of a point, where a plan's bonus_distance widens the radius for that company's
 * events and places (DESIGN.md). The box uses the largest bonus so the GiST index still narrows the rows
 * first; only the few companies with a running plan of their own get a radius of their own (the `bonus`
 * CTE, to put first in the statement's WITH), every other row is compared with a constant. No join to
 * users per row: a join would keep the nearest-first walk of the earth index from being used, and an
 * index-only scan from answering.
 */
export function planReach(km: number) {
  const defaultBonus = sql`select coalesce((select ${premiumSettings.bonusDistance} from ${premiumSettings}
    where ${premiumSettings.id} = ${defaultPlanIdSql}), 0)`;
  return {
    // Every company with a running plan of its own, whatever its bonus: one of 0 overrides a default
    // plan's. An ended plan counts as none (plans/effective-plan.ts).
    bonusCte: sql`bonus as materialized (
      select ${users.id} as user_id, ${chordOf(sql`(${km}::float8 + ${premiumSettings.bonusDistance}) * 1000`)} as chord_limit
      from ${users} join ${premiumSettings} on ${premiumSettings.id} = ${users.premiumSettingId}
      where ${users.premiumUntil} is null or ${users.premiumUntil} > now()
    ),`,
    box: (point: SQL, earth: unknown) =>
      sql`earth_box(${point}, (${km}::float8 + (select coalesce(max(${premiumSettings.bonusDistance}), 0) from ${premiumSettings})) * 1000) @> ${earth}`,
    within: (chord: SQL, userId: unknown) =>
      sql`(${chord} <= ${chordOf(sql`${km}::float8 * 1000`)}
        or ${chord} <= coalesce(
          (select bonus.chord_limit from bonus where bonus.user_id = ${userId}),
          ${chordOf(sql`(${km}::float8 + (${defaultBonus})) * 1000`)}))`,
  };
}
