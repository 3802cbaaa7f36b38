import { describe, expect, it } from 'vitest';
import { getDb } from '@/db/client';
import { type Order, orders } from '@/db/schema';
import { insertActor, userRow } from '@/test-support/fixtures';
import { type Withdrawn, withdrawGrant } from './refund-withdraw';

// Issue 27 point 5: a refund takes back its share of what is not used yet, and never what was used.

const day = 86_400_000;
const now = new Date('2026-11-27T12:00:00Z');

async function paidPlanOrder(userId: number, values: Partial<Order>): Promise<Order> {
  const db = await getDb();
  const [order] = await db
    .insert(orders)
    .values({ userId, kind: 'premium', amount: 9000, status: 'paid', provider: 'test', months: 3, ...values })
    .returning();
  if (!order) throw new Error('insert failed');
  return order;
}

const withdraw = (order: Order, share: number, before: Withdrawn[] = []) =>
  getDb().then((db) => db.transaction((tx) => withdrawGrant(tx, { order, share, before, now })));

describe('withdrawing a refunded grant', () => {
  it('takes the share of the plan days ahead, not those behind, and never goes before now', async () => {
    const company = await insertActor('company', {
      premiumUntil: new Date(now.getTime() + 60 * day),
      eventsLeft: 0,
    });
    const order = await paidPlanOrder(company.id, {
      grantedFrom: new Date(now.getTime() - 30 * day),
      grantedUntil: new Date(now.getTime() + 60 * day),
    });
    expect(await withdraw(order, 0.5)).toEqual({ plan_ms: 30 * day });
    expect((await userRow(company.id)).premiumUntil?.getTime()).toBe(now.getTime() + 30 * day);
    // Everything that is left of it, whatever share is asked; the end stops at now.
    expect(await withdraw(order, 1, [{ plan_ms: 30 * day }])).toEqual({ plan_ms: 30 * day });
    expect((await userRow(company.id)).premiumUntil?.getTime()).toBe(now.getTime());
  });

  it('leaves the days credited from an earlier plan to that plan’s order', async () => {
    const company = await insertActor('company', {
      premiumUntil: new Date(now.getTime() + 40 * day),
      eventsLeft: 0,
    });
    // 30 days bought, 10 credited from the plan that ran before; none used yet.
    const order = await paidPlanOrder(company.id, {
      grantedFrom: now,
      grantedUntil: new Date(now.getTime() + 40 * day),
      creditedDays: 10,
    });
    expect(await withdraw(order, 1)).toEqual({ plan_ms: 30 * day });
    expect((await userRow(company.id)).premiumUntil?.getTime()).toBe(now.getTime() + 10 * day);
  });

  it('takes only creations still there, at most what the order added', async () => {
    const company = await insertActor('company', { eventsLeft: 3 });
    const db = await getDb();
    const [pack] = await db
      .insert(orders)
      .values({
        userId: company.id,
        kind: 'events',
        amount: 5000,
        status: 'paid',
        provider: 'test',
        eventsAdded: 10,
      })
      .returning();
    if (!pack) throw new Error('insert failed');
    // Seven of the ten were used: a full refund takes the three left, a half one half of them.
    expect(await withdraw(pack, 0.5)).toEqual({ events: 2 });
    expect((await userRow(company.id)).eventsLeft).toBe(1);
    expect(await withdraw(pack, 1, [{ events: 2 }])).toEqual({ events: 1 });
    expect((await userRow(company.id)).eventsLeft).toBe(0);
  });
});
