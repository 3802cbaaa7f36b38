import { count, eq, like } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { getDb } from '@/db/client';
import { mailOutbox, users } from '@/db/schema';
import { getEffectivePlan } from '@/server/plans/effective-plan';
import { insertActor, seededPlans, userRow } from '@/test-support/fixtures';
import { expirePlans } from './plan-expiry';

// Issue 13: a plan governs while its paid time runs; after it, the default plan does at once, and the
// scheduled job tidies up and tells the company once, however many processes run it.

let plans: Awaited<ReturnType<typeof seededPlans>>;

beforeAll(async () => {
  plans = await seededPlans();
});

const day = 86_400_000;

describe('a plan that ends', () => {
  it('governs until its end and gives way to the default plan right after, before any job runs', async () => {
    const running = await insertActor('company', {
      premiumSettingId: plans.topPlan.id,
      premiumUntil: new Date(Date.now() + day),
    });
    const ended = await insertActor('company', {
      premiumSettingId: plans.topPlan.id,
      premiumUntil: new Date(Date.now() - 1000),
    });
    const db = await getDb();
    expect((await getEffectivePlan(db, running.id))?.id).toBe(plans.topPlan.id);
    expect((await getEffectivePlan(db, ended.id))?.id).toBe(plans.defaultPlan.id);
  });

  it('is ended once by the job, with one mail, even when two runs race', async () => {
    const company = await insertActor('company', {
      premiumSettingId: plans.topPlan.id,
      premiumUntil: new Date(Date.now() - 60_000),
      email: `expiring-${Date.now()}@example.com`,
    });
    const db = await getDb();
    const [first, second] = await Promise.all([expirePlans(), expirePlans()]);
    expect((first?.expired ?? 0) + (second?.expired ?? 0)).toBeGreaterThanOrEqual(1);
    expect((await expirePlans()).expired).toBe(0);
    const row = await userRow(company.id);
    expect(row.premiumSettingId).toBeNull();
    expect(row.premiumUntil).toBeNull();
    const [mails] = await db.select({ n: count() }).from(mailOutbox).where(eq(mailOutbox.to, company.email));
    expect(mails?.n).toBe(1);
    const [subject] = await db
      .select({ subject: mailOutbox.subject })
      .from(mailOutbox)
      .where(eq(mailOutbox.to, company.email));
    expect(subject?.subject).toContain(plans.topPlan.namePl);
  });

  it('leaves running plans and the default plan (no end) alone', async () => {
    const running = await insertActor('company', {
      premiumSettingId: plans.topPlan.id,
      premiumUntil: new Date(Date.now() + 3 * day),
    });
    const basic = await insertActor('company', {
      premiumSettingId: plans.defaultPlan.id,
      premiumUntil: null,
    });
    await expirePlans();
    expect((await userRow(running.id)).premiumSettingId).toBe(plans.topPlan.id);
    expect((await userRow(basic.id)).premiumSettingId).toBe(plans.defaultPlan.id);
    const db = await getDb();
    const [none] = await db.select({ n: count() }).from(users).where(like(users.email, 'never-%'));
    expect(none?.n).toBe(0);
  });
});
