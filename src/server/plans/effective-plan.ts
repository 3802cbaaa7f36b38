import 'server-only';
import { type AnyColumn, eq, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '@/db/client';
import { type PremiumSetting, premiumSettings, users } from '@/db/schema';

/**
 * The default plan's id in SQL: the plan flagged default with the lowest id (one is flagged; the order
 * makes the choice stable if an admin ever flags two).
 */
export const defaultPlanIdSql: SQL<number | null> = sql`(select ps.id from ${premiumSettings} ps
  where ps.is_default order by ps.id limit 1)`;

/**
 * The id of the plan that governs a company, in SQL, from its plan columns: its own plan while it runs
 * (no end, or an end still ahead), else the default plan (spec §6 plan gating). Every query that needs
 * a company's plan joins through this, so gating follows a purchase or an expiry at once; the expiry
 * job (plan-expiry.ts) only tidies up and tells the company.
 */
export function effectivePlanIdSql(
  own: { planId: AnyColumn | SQL; until: AnyColumn | SQL } = {
    planId: users.premiumSettingId,
    until: users.premiumUntil,
  },
): SQL<number | null> {
  return sql`coalesce(case when ${own.until} is null or ${own.until} > now() then ${own.planId} end, ${defaultPlanIdSql})`;
}

/**
 * The plan that governs a company: its own, else the default plan; `companyId` null asks for the plan
 * a company gets when it registers (the default). Null only when no default plan exists at all.
 */
export async function getEffectivePlan(db: DbOrTx, companyId: number | null): Promise<PremiumSetting | null> {
  const own = (column: AnyColumn, type: SQL) =>
    companyId === null
      ? sql`null::${type}`
      : sql`(select ${column} from ${users} where ${users.id} = ${companyId})`;
  const [plan] = await db
    .select()
    .from(premiumSettings)
    .where(
      eq(
        premiumSettings.id,
        effectivePlanIdSql({
          planId: own(users.premiumSettingId, sql.raw('integer')),
          until: own(users.premiumUntil, sql.raw('timestamptz')),
        }),
      ),
    )
    .limit(1);
  return plan ?? null;
}
