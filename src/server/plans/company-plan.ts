import { eq } from 'drizzle-orm';
import { type DbOrTx, getDb } from '@/db/client';
import { type PremiumSetting, premiumSettings, users } from '@/db/schema';
import { maxEventImages, maxEventMovies } from '@/lib/schemas/event';

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

/**
 * How many photos a place or an event of the company may hold under its plan (spec §9 caps an event's at
 * 100). The form reader takes no more files than this, so it is known before a byte of them is read.
 */
export async function photoLimit(userId: number | null, target: 'place' | 'event'): Promise<number> {
  const plan = await getCompanyPlan(await getDb(), userId);
  return target === 'event' ? eventMediaLimits(plan).images : (plan?.imagesCount ?? 0);
}

/** An event's photo and film limits under a plan: the plan's counts, never more than spec §9's 100. */
export function eventMediaLimits(plan: PremiumSetting | null): { images: number; movies: number } {
  return {
    images: Math.min(plan?.imagesCount ?? 0, maxEventImages),
    movies: Math.min(plan?.moviesCount ?? 0, maxEventMovies),
  };
}
