import 'server-only';
import { and, eq, max, sql } from 'drizzle-orm';
import type { Tx } from '@/db/client';
import {
  eventPromotions,
  events,
  homeAds,
  type Order,
  orders,
  places,
  premiumSettings,
  users,
} from '@/db/schema';
import { issueInvoice } from '@/server/invoices/issue-invoice';
import { planChange } from './plan-change';
import { loadRunningPlan } from './plan-quote';

const dayMs = 86_400_000;

export interface Granted {
  grantedFrom: Date | null;
  grantedUntil: Date | null;
  eventsAdded: number | null;
  /** Plan orders: days credited for the unused value of the plan they replaced. */
  creditedDays?: number;
}

const later = (a: Date, b: Date | null | undefined) => (b && b > a ? b : a);

/**
 * A plan for the months bought, as planChange says (plan-change.ts): the same plan still running is
 * extended from its end; another one starts now, with the unused value of the one it replaces as extra
 * days. Either way the plan's `available_events` per month are added to the company's creations
 * (DESIGN.md, quota).
 */
async function grantPlan(tx: Tx, order: Order, now: Date): Promise<Granted> {
  // Locks the company, so two plan orders paid at once are granted one after the other.
  const [company] = await tx
    .select({ id: users.id })
    .from(users)
    .where(eq(users.id, order.userId))
    .for('update');
  const [plan] = await tx
    .select()
    .from(premiumSettings)
    .where(eq(premiumSettings.id, order.premiumSettingId ?? 0));
  if (!company || !plan || !order.months) return { grantedFrom: null, grantedUntil: null, eventsAdded: null };
  const running = await loadRunningPlan(tx, company.id);
  const change = planChange({ running, planId: plan.id, months: order.months, amount: order.amount, now });
  const added = plan.availableEvents * order.months;
  await tx
    .update(users)
    .set({
      premiumSettingId: plan.id,
      premiumUntil: change.until,
      eventsLeft: sql`${users.eventsLeft} + ${added}`,
      updatedAt: now,
    })
    .where(eq(users.id, order.userId));
  return {
    grantedFrom: change.from,
    grantedUntil: change.until,
    eventsAdded: added,
    creditedDays: change.creditedDays,
  };
}

async function grantEvents(tx: Tx, order: Order): Promise<Granted> {
  const added = order.eventsCount ?? 0;
  await tx
    .update(users)
    .set({ eventsLeft: sql`${users.eventsLeft} + ${added}` })
    .where(eq(users.id, order.userId));
  return { grantedFrom: null, grantedUntil: null, eventsAdded: added };
}

/** The event is promoted for the days bought, after any promotion of it that is still running. */
async function grantPromotion(tx: Tx, order: Order, now: Date): Promise<Granted> {
  if (!order.eventId || !order.days) return { grantedFrom: null, grantedUntil: null, eventsAdded: null };
  // Locks the event, so two promotions of it paid at once queue one after the other.
  const [event] = await tx
    .select({ id: events.id })
    .from(events)
    .where(eq(events.id, order.eventId))
    .for('update');
  if (!event) return { grantedFrom: null, grantedUntil: null, eventsAdded: null };
  const [running] = await tx
    .select({ end: max(eventPromotions.endsAt) })
    .from(eventPromotions)
    .where(eq(eventPromotions.eventId, event.id));
  const from = later(now, running?.end);
  const until = new Date(from.getTime() + order.days * dayMs);
  await tx
    .insert(eventPromotions)
    .values({ eventId: event.id, orderId: order.id, startsAt: from, endsAt: until });
  return { grantedFrom: from, grantedUntil: until, eventsAdded: null };
}

/** The home-page ad runs from now for its days; the company's own earlier ad for the place goes first. */
async function grantHomeAd(tx: Tx, order: Order, now: Date): Promise<Granted> {
  if (!order.placeId || !order.adName || !order.days)
    return { grantedFrom: null, grantedUntil: null, eventsAdded: null };
  // Locks the place, so two ads for it paid at once queue one after the other.
  await tx.select({ id: places.id }).from(places).where(eq(places.id, order.placeId)).for('update');
  const [running] = await tx
    .select({ end: max(homeAds.endsAt) })
    .from(homeAds)
    .where(and(eq(homeAds.userId, order.userId), eq(homeAds.placeId, order.placeId)));
  const from = later(now, running?.end);
  const until = new Date(from.getTime() + order.days * dayMs);
  await tx.insert(homeAds).values({
    userId: order.userId,
    placeId: order.placeId,
    orderId: order.id,
    name: order.adName,
    startsAt: from,
    endsAt: until,
  });
  return { grantedFrom: from, grantedUntil: until, eventsAdded: null };
}

/**
 * Applies what a paid order bought, records it on the order and issues the order's VAT invoice; run once,
 * in the payment's transaction, so an order is never granted without its invoice or the other way round.
 */
export async function grantOrder(tx: Tx, order: Order, now: Date): Promise<Granted> {
  const granted =
    order.kind === 'premium'
      ? await grantPlan(tx, order, now)
      : order.kind === 'events'
        ? await grantEvents(tx, order)
        : order.kind === 'promotion'
          ? await grantPromotion(tx, order, now)
          : await grantHomeAd(tx, order, now);
  await tx.update(orders).set(granted).where(eq(orders.id, order.id));
  await issueInvoice(tx, { ...order, paidAt: order.paidAt ?? now }, now);
  return granted;
}
