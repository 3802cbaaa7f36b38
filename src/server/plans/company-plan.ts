import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { type PremiumSetting, premiumSettings, users } from '../../db/schema';

/** The plan that governs a company: its own, else the default plan (spec §6 plan gating). */
export async function getCompanyPlan(db: DbOrTx, userId: number | null): Promise<PremiumSetting | null> {
  if (userId !== null) {
    const [own] = await db
      .select({ plan: premiumSettings })
      .from(users)
      .innerJoin(premiumSettings, eq(premiumSettings.id, users.premiumSettingId))
      .where(eq(users.id, userId))
      .limit(1);
    if (own) return own.plan;
  }
  const [fallback] = await db
    .select()
    .from(premiumSettings)
    .where(eq(premiumSettings.isDefault, true))
    .limit(1);
  return fallback ?? null;
}
