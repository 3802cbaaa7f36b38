import 'server-only';
import { and, eq, gt, inArray, isNotNull, isNull, lte, ne, or, type SQL, sql } from 'drizzle-orm';
import { getConfig } from '@/config';
import { getDb, type Tx } from '@/db/client';
import { premiumSettings, users } from '@/db/schema';
import { formatDate } from '@/lib/format';
import { startPeriodicJob } from '@/server/jobs/periodic-job';
import { enqueueMail, kickMailWorker } from '@/server/mail/outbox';
import type { MailTemplate } from '@/server/mail/templates';

/** How often ended plans are tidied up; gating does not wait for it (effective-plan.ts). */
export const planExpiryIntervalMs = 5 * 60_000;

/** Issue 27: a company is told this many days before its plan ends. */
export const planEndingNoticeDays = 7;

/**
 * Up to 500 companies whose plan `where` picks, with their plan's names, claimed FOR UPDATE SKIP LOCKED so
 * that several processes never take the same company.
 */
function claimCompanies(tx: Tx, where: SQL | undefined) {
  return tx
    .select({
      id: users.id,
      email: users.email,
      locale: users.locale,
      name: users.companyName,
      until: users.premiumUntil,
      planPl: premiumSettings.namePl,
      planEn: premiumSettings.nameEn,
    })
    .from(users)
    .innerJoin(premiumSettings, eq(premiumSettings.id, users.premiumSettingId))
    .where(where)
    .limit(500)
    .for('update', { of: users, skipLocked: true });
}

type ClaimedCompany = Awaited<ReturnType<typeof claimCompanies>>[number];

/** A mail about its plan to a claimed company, the plan named in the company's language. */
function mailCompany(
  tx: Tx,
  company: ClaimedCompany,
  template: MailTemplate,
  values: Record<string, string> = {},
) {
  return enqueueMail(tx, {
    to: company.email,
    locale: company.locale,
    template,
    params: {
      link: `${getConfig().publicUrl}/premium`,
      name: company.name,
      values: { plan: company.locale === 'en' ? company.planEn : company.planPl, ...values },
    },
  });
}

/**
 * Ends the plans whose paid time is over: the company falls back to the default plan and gets one
 * mail saying so. Rows are claimed with FOR UPDATE SKIP LOCKED and changed in the same transaction, so
 * with several processes each ended plan is handled, and mailed about, exactly once.
 */
export async function expirePlans({ now = new Date() }: { now?: Date } = {}): Promise<{ expired: number }> {
  const db = await getDb();
  const expired = await db.transaction(async (tx) => {
    const ended = await claimCompanies(tx, and(isNotNull(users.premiumUntil), lte(users.premiumUntil, now)));
    if (ended.length === 0) return 0;
    await tx
      .update(users)
      .set({ premiumSettingId: null, premiumUntil: null, updatedAt: now })
      .where(
        inArray(
          users.id,
          ended.map((u) => u.id),
        ),
      );
    for (const company of ended) await mailCompany(tx, company, 'plan_expired');
    return ended.length;
  });
  if (expired > 0) kickMailWorker();
  return { expired };
}

/**
 * Tells each company whose plan ends within `planEndingNoticeDays` that it does, once per end: the end
 * mailed about is kept (users.plan_ending_mailed_for), so a plan extended later is mailed about again
 * before its new end. Claimed like the expiry, so several processes send each mail once.
 */
export async function remindEndingPlans({
  now = new Date(),
}: {
  now?: Date;
} = {}): Promise<{ reminded: number }> {
  const db = await getDb();
  const soon = new Date(now.getTime() + planEndingNoticeDays * 86_400_000);
  const reminded = await db.transaction(async (tx) => {
    const ending = await claimCompanies(
      tx,
      and(
        gt(users.premiumUntil, now),
        lte(users.premiumUntil, soon),
        eq(premiumSettings.isDefault, false),
        or(isNull(users.planEndingMailedFor), ne(users.planEndingMailedFor, users.premiumUntil)),
      ),
    );
    if (ending.length === 0) return 0;
    await tx
      .update(users)
      .set({ planEndingMailedFor: sql`${users.premiumUntil}` })
      .where(
        inArray(
          users.id,
          ending.map((u) => u.id),
        ),
      );
    for (const company of ending) {
      if (company.until) await mailCompany(tx, company, 'plan_ending', { date: formatDate(company.until) });
    }
    return ending.length;
  });
  if (reminded > 0) kickMailWorker();
  return { reminded };
}

/** Runs the expiry now and every `intervalMs`; the returned function stops it after a run in progress. */
export function startPlanExpiryJob({ intervalMs = planExpiryIntervalMs }: { intervalMs?: number } = {}) {
  return startPeriodicJob(
    'payments',
    async () => {
      await remindEndingPlans();
      await expirePlans();
    },
    intervalMs,
  );
}
