import 'server-only';
import { eq, sql } from 'drizzle-orm';
import type { Tx } from '@/db/client';
import { eventPromotions, homeAds, type Order, users } from '@/db/schema';

// Issue 27: a refund takes back its share of what the order granted and has not been used yet. What was
// used stays: plan time before now, creations already spent, promotion and ad days already run. The
// share is the refund's part of what is still paid for (amount / (paid − refunded before)), so refunds
// that add up to the whole payment take back everything unused, whatever their number.

/** What a refund took back; kept on the refund (refunds.withdrawn). Times in milliseconds. */
export interface Withdrawn {
  plan_ms?: number;
  events?: number;
  promotion_ms?: number;
  home_ad_ms?: number;
}

const dayMs = 86_400_000;

const sumOf = (done: Withdrawn[], key: keyof Withdrawn) => done.reduce((n, w) => n + (w[key] ?? 0), 0);

/** Of a period that runs [from, until], what is still ahead of `now`. */
const unusedMs = (from: Date, until: Date, now: Date) =>
  Math.max(0, until.getTime() - Math.max(now.getTime(), from.getTime()));

/** Plan time and creations of a plan or pack order; the account's row is locked. */
async function withdrawFromAccount(
  tx: Tx,
  { order, share, before, now }: { order: Order; share: number; before: Withdrawn[]; now: Date },
): Promise<Withdrawn> {
  const [account] = await tx
    .select({ until: users.premiumUntil, eventsLeft: users.eventsLeft })
    .from(users)
    .where(eq(users.id, order.userId))
    .for('update');
  if (!account) return {};
  const withdrawn: Withdrawn = {};
  let until = account.until;
  if (order.kind === 'premium' && order.grantedFrom && order.grantedUntil && until && until > now) {
    // The order's period, less what earlier refunds already took from its end; days credited from the
    // plan that ran before were paid by that plan's order, so they are not this refund's to take.
    const end = new Date(order.grantedUntil.getTime() - sumOf(before, 'plan_ms'));
    const bought = end.getTime() - order.grantedFrom.getTime() - order.creditedDays * dayMs;
    const take = Math.round(share * Math.min(unusedMs(order.grantedFrom, end, now), Math.max(0, bought)));
    const shortened = new Date(Math.max(now.getTime(), until.getTime() - take));
    withdrawn.plan_ms = until.getTime() - shortened.getTime();
    until = shortened;
  }
  // Creations are one pool: those still there (at most what the order added and was not taken back yet)
  // count as this order's unused ones.
  const added = (order.eventsAdded ?? 0) - sumOf(before, 'events');
  const events = Math.round(share * Math.max(0, Math.min(account.eventsLeft, added)));
  if (events > 0) withdrawn.events = events;
  if (withdrawn.plan_ms || withdrawn.events) {
    await tx
      .update(users)
      .set({
        premiumUntil: until,
        eventsLeft: sql`greatest(${users.eventsLeft} - ${events}, 0)`,
        updatedAt: now,
      })
      .where(eq(users.id, order.userId));
  }
  return withdrawn;
}

/** The promotion or home-page ad the order bought ends earlier by its share of the days not yet run. */
async function withdrawRun(
  tx: Tx,
  { order, share, now }: { order: Order; share: number; now: Date },
): Promise<Withdrawn> {
  const table = order.kind === 'promotion' ? eventPromotions : homeAds;
  const [row] = await tx
    .select({ id: table.id, startsAt: table.startsAt, endsAt: table.endsAt })
    .from(table)
    .where(eq(table.orderId, order.id))
    .for('update');
  if (!row) return {};
  const take = Math.round(share * unusedMs(row.startsAt, row.endsAt, now));
  if (take <= 0) return {};
  await tx
    .update(table)
    .set({ endsAt: new Date(row.endsAt.getTime() - take) })
    .where(eq(table.id, row.id));
  return order.kind === 'promotion' ? { promotion_ms: take } : { home_ad_ms: take };
}

/**
 * Takes back `share` (0 < share ≤ 1) of what the order granted and is not used yet, in the caller's
 * transaction (the order's row is locked by it); `before` is what the order's earlier refunds took.
 */
export async function withdrawGrant(
  tx: Tx,
  options: { order: Order; share: number; before: Withdrawn[]; now: Date },
): Promise<Withdrawn> {
  const share = Math.min(1, Math.max(0, options.share));
  if (share === 0) return {};
  if (options.order.kind === 'premium' || options.order.kind === 'events')
    return withdrawFromAccount(tx, { ...options, share });
  return withdrawRun(tx, { ...options, share });
}
