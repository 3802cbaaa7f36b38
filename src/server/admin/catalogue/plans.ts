import 'server-only';
import { and, asc, eq, ne } from 'drizzle-orm';
import { type DbOrTx, getDb } from '@/db/client';
import { type PremiumSetting, premiumSettings } from '@/db/schema';
import type { AdminPlan, PlanInput } from '@/lib/schemas/admin-catalogue';
import { recordAudit } from '@/server/admin/audit';
import { fieldError, notFound } from '@/server/errors';

// Premium plans (spec §3 premium_setting). Exactly one is the default (the plan of a company without
// a bought one): marking one clears the others in the same transaction, and the default cannot be
// unmarked, only replaced. Writes to `premium_settings` empty the search and page caches themselves.

export function toAdminPlan(p: PremiumSetting): AdminPlan {
  return {
    id: p.id,
    name_pl: p.namePl,
    name_en: p.nameEn,
    level: p.level,
    price: p.price,
    promo: p.promo,
    promo_months: p.promoMonths,
    is_promo_active: p.isPromoActive,
    default: p.isDefault,
    available_events: p.availableEvents,
    images_count: p.imagesCount,
    movies_count: p.moviesCount,
    bonus_distance: p.bonusDistance,
    tech_support: p.techSupport,
    company_description: p.companyDescription,
    ask_questions: p.askQuestions,
    display_email: p.displayEmail,
    display_phone: p.displayPhone,
    virtual_walk: p.virtualWalk,
    show_map: p.showMap,
    display_url: p.displayUrl,
    display_social: p.displaySocial,
    calendar_access: p.calendarAccess,
    answer_comments: p.answerComments,
    messenger_access: p.messengerAccess,
  };
}

function columnsOf(input: PlanInput) {
  return {
    namePl: input.name_pl,
    nameEn: input.name_en,
    level: input.level,
    price: input.price,
    promo: input.promo,
    promoMonths: input.promo_months,
    isPromoActive: input.is_promo_active,
    isDefault: input.default,
    availableEvents: input.available_events,
    imagesCount: input.images_count,
    moviesCount: input.movies_count,
    bonusDistance: input.bonus_distance,
    techSupport: input.tech_support,
    companyDescription: input.company_description,
    askQuestions: input.ask_questions,
    displayEmail: input.display_email,
    displayPhone: input.display_phone,
    virtualWalk: input.virtual_walk,
    showMap: input.show_map,
    displayUrl: input.display_url,
    displaySocial: input.display_social,
    calendarAccess: input.calendar_access,
    answerComments: input.answer_comments,
    messengerAccess: input.messenger_access,
  };
}

export async function listAdminPlans(): Promise<AdminPlan[]> {
  const db = await getDb();
  return (await db.select().from(premiumSettings).orderBy(asc(premiumSettings.level))).map(toAdminPlan);
}

export async function getAdminPlan(id: number): Promise<AdminPlan> {
  const db = await getDb();
  const [row] = await db.select().from(premiumSettings).where(eq(premiumSettings.id, id)).limit(1);
  if (!row) throw notFound();
  return toAdminPlan(row);
}

async function checkLevelFree(tx: DbOrTx, level: number, id?: number) {
  const [taken] = await tx
    .select({ id: premiumSettings.id })
    .from(premiumSettings)
    .where(eq(premiumSettings.level, level))
    .limit(1);
  if (taken && taken.id !== id) throw fieldError('level', 'admin_catalogue.errors.level_taken');
}

/** The previous default stops being one; returns the plans that changed, for the audit. */
async function clearOtherDefaults(tx: DbOrTx, id: number) {
  return tx
    .update(premiumSettings)
    .set({ isDefault: false })
    .where(and(eq(premiumSettings.isDefault, true), ne(premiumSettings.id, id)))
    .returning({ id: premiumSettings.id });
}

export async function createPlan({ adminId, input }: { adminId: number; input: PlanInput }): Promise<number> {
  const db = await getDb();
  return db.transaction(async (tx) => {
    // Plans are few: one lock on the table keeps "exactly one default" and unique levels under races.
    await tx.select({ id: premiumSettings.id }).from(premiumSettings).for('update');
    await checkLevelFree(tx, input.level);
    const [current] = await tx
      .select({ id: premiumSettings.id })
      .from(premiumSettings)
      .where(eq(premiumSettings.isDefault, true))
      .limit(1);
    const makeDefault = input.default || !current;
    const [row] = await tx
      .insert(premiumSettings)
      .values({ ...columnsOf(input), isDefault: makeDefault })
      .returning();
    if (!row) throw new Error('insert failed');
    const cleared = makeDefault ? await clearOtherDefaults(tx, row.id) : [];
    await recordAudit(tx, {
      adminId,
      action: 'plan.create',
      target: 'premium_setting',
      targetId: row.id,
      after: { ...toAdminPlan(row), cleared_default: cleared.map((c) => c.id) },
    });
    return row.id;
  });
}

export async function updatePlan({
  adminId,
  id,
  input,
}: {
  adminId: number;
  id: number;
  input: PlanInput;
}): Promise<AdminPlan> {
  const db = await getDb();
  return db.transaction(async (tx) => {
    await tx.select({ id: premiumSettings.id }).from(premiumSettings).for('update');
    const [before] = await tx.select().from(premiumSettings).where(eq(premiumSettings.id, id)).limit(1);
    if (!before) throw notFound();
    await checkLevelFree(tx, input.level, id);
    if (before.isDefault && !input.default)
      throw fieldError('default', 'admin_catalogue.errors.default_required');
    const cleared = input.default ? await clearOtherDefaults(tx, id) : [];
    const [after] = await tx
      .update(premiumSettings)
      .set(columnsOf(input))
      .where(eq(premiumSettings.id, id))
      .returning();
    if (!after) throw notFound();
    await recordAudit(tx, {
      adminId,
      action: 'plan.update',
      target: 'premium_setting',
      targetId: id,
      before: toAdminPlan(before),
      after: { ...toAdminPlan(after), cleared_default: cleared.map((c) => c.id) },
    });
    return toAdminPlan(after);
  });
}
