import 'server-only';
import { and, asc, eq, ne } from 'drizzle-orm';
import { type DbOrTx, getDb } from '@/db/client';
import { type PremiumSetting, premiumSettings } from '@/db/schema';
import type { AdminPlan, PlanInput } from '@/lib/schemas/admin-catalogue';
import { fieldError, notFound } from '@/server/errors';
import * as audited from './audited-rows';

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

const plan = {
  table: premiumSettings,
  action: 'plan',
  target: 'premium_setting',
  audited: toAdminPlan,
} satisfies audited.Kind<typeof premiumSettings>;

async function checkLevelFree(tx: DbOrTx, level: number, id?: number) {
  if (await audited.isTaken(tx, premiumSettings, premiumSettings.level, level, id))
    throw fieldError('level', 'admin_catalogue.errors.level_taken');
}

/** Plans are few: one lock on the table keeps "exactly one default" and unique levels under races. */
async function lockPlans(tx: DbOrTx) {
  await tx.select({ id: premiumSettings.id }).from(premiumSettings).for('update');
}

/** The previous default (other than `id`) stops being one; answers the plans that changed, for the audit. */
async function clearDefaults(tx: DbOrTx, id?: number): Promise<number[]> {
  const cleared = await tx
    .update(premiumSettings)
    .set({ isDefault: false })
    .where(
      and(eq(premiumSettings.isDefault, true), id === undefined ? undefined : ne(premiumSettings.id, id)),
    )
    .returning({ id: premiumSettings.id });
  return cleared.map((c) => c.id);
}

export async function createPlan({ adminId, input }: audited.CreateArgs<PlanInput>): Promise<number> {
  const db = await getDb();
  return db.transaction(async (tx) => {
    await lockPlans(tx);
    await checkLevelFree(tx, input.level);
    const [current] = await tx
      .select({ id: premiumSettings.id })
      .from(premiumSettings)
      .where(eq(premiumSettings.isDefault, true))
      .limit(1);
    const makeDefault = input.default || !current;
    const cleared = makeDefault ? await clearDefaults(tx) : [];
    const values = { ...columnsOf(input), isDefault: makeDefault };
    return (await audited.insert(tx, plan, adminId, values, { cleared_default: cleared })).id;
  });
}

export async function updatePlan({ adminId, id, input }: audited.UpdateArgs<PlanInput>): Promise<AdminPlan> {
  const db = await getDb();
  return db.transaction(async (tx) => {
    await lockPlans(tx);
    const before = await audited.lockRow(tx, premiumSettings, id);
    await checkLevelFree(tx, input.level, id);
    if (before.isDefault && !input.default)
      throw fieldError('default', 'admin_catalogue.errors.default_required');
    const cleared = input.default ? await clearDefaults(tx, id) : [];
    const after = await audited.update(tx, plan, adminId, before, columnsOf(input), {
      cleared_default: cleared,
    });
    return toAdminPlan(after);
  });
}
