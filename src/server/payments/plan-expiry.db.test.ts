import { asc, count, eq, like } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { getDb } from '@/db/client';
import { mailOutbox, users } from '@/db/schema';
import { getEffectivePlan } from '@/server/plans/effective-plan';
import { insertActor, seededPlans, userRow } from '@/test-support/fixtures';
import { expirePlans, remindEndingPlans } from './plan-expiry';

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

describe('a plan about to end (issue 27)', () => {
  const mailsTo = async (email: string) => {
    const db = await getDb();
    return db
      .select({ subject: mailOutbox.subject, text: mailOutbox.text })
      .from(mailOutbox)
      .where(eq(mailOutbox.to, email))
      .orderBy(asc(mailOutbox.id));
  };

  it('is mailed about once, 7 days before its end, in the company’s language, and again for a new end', async () => {
    const now = new Date('2027-03-20T11:00:00Z');
    const company = await insertActor('company', {
      premiumSettingId: plans.topPlan.id,
      // 26 March 12:00 Warsaw.
      premiumUntil: new Date('2027-03-26T11:00:00Z'),
      locale: 'en',
      email: `ending-${Date.now()}@example.com`,
    });
    const later = await insertActor('company', {
      premiumSettingId: plans.topPlan.id,
      premiumUntil: new Date(now.getTime() + 8 * day),
      email: `later-${Date.now()}@example.com`,
    });
    const [first, second] = await Promise.all([remindEndingPlans({ now }), remindEndingPlans({ now })]);
    expect((first?.reminded ?? 0) + (second?.reminded ?? 0)).toBeGreaterThanOrEqual(1);
    expect((await remindEndingPlans({ now: new Date(now.getTime() + 3_600_000) })).reminded).toBe(0);
    const mails = await mailsTo(company.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.subject).toBe(`Your ${plans.topPlan.nameEn} plan ends on 26.03.2027`);
    expect(await mailsTo(later.email)).toHaveLength(0);
    expect((await userRow(company.id)).planEndingMailedFor?.toISOString()).toBe('2027-03-26T11:00:00.000Z');

    // Renewed: the new end is mailed about 7 days before it, once.
    const db = await getDb();
    await db
      .update(users)
      .set({ premiumUntil: new Date('2027-04-26T10:00:00Z') })
      .where(eq(users.id, company.id));
    expect((await remindEndingPlans({ now })).reminded).toBe(0);
    const weekBefore = new Date('2027-04-19T11:00:00Z');
    expect((await remindEndingPlans({ now: weekBefore })).reminded).toBeGreaterThanOrEqual(1);
    expect((await remindEndingPlans({ now: weekBefore })).reminded).toBe(0);
    expect(await mailsTo(company.email)).toHaveLength(2);
  });

  it('is not mailed about for the default plan or a plan already over', async () => {
    const now = new Date();
    const basic = await insertActor('company', {
      premiumSettingId: plans.defaultPlan.id,
      premiumUntil: new Date(now.getTime() + 2 * day),
      email: `basic-${Date.now()}@example.com`,
    });
    const over = await insertActor('company', {
      premiumSettingId: plans.topPlan.id,
      premiumUntil: new Date(now.getTime() - day),
      email: `over-${Date.now()}@example.com`,
    });
    await remindEndingPlans({ now });
    expect(await mailsTo(basic.email)).toHaveLength(0);
    expect(await mailsTo(over.email)).toHaveLength(0);
  });

  it('is mailed about in Polish when it has ended, once', async () => {
    const company = await insertActor('company', {
      premiumSettingId: plans.topPlan.id,
      premiumUntil: new Date(Date.now() - 60_000),
      locale: 'pl',
      email: `ended-pl-${Date.now()}@example.com`,
    });
    await expirePlans();
    await expirePlans();
    const mails = await mailsTo(company.email);
    expect(mails.map((m) => m.subject)).toEqual([`Twój plan ${plans.topPlan.namePl} wygasł`]);
  });
});
