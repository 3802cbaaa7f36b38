import 'server-only';
import { and, asc, eq, gt, isNull, max } from 'drizzle-orm';
import { type DbOrTx, getDb } from '@/db/client';
import {
  eventPromotions,
  events,
  homeAdOffers,
  paymentSettings,
  places,
  pricePacks,
  users,
} from '@/db/schema';
import { translate } from '@/i18n/translate';
import type { Locale } from '@/lib/locale';
import type { PaymentStart } from '@/lib/schemas/orders';
import type { AuthUser } from '@/server/auth/access-tokens';
import { fieldError, forbidden, notFound } from '@/server/errors';
import { type OrderDraft, placeOrder } from './place-order';
import { getSellablePlan, planItems, pricePlan, promoMonthsUsed } from './plan-quote';

// The four things a company buys (spec §2, §7, §9). Each checks what is bought, prices it from the
// database (never from the request) and places the order; the payment grants it later (grant.ts).

interface Purchase {
  actor: AuthUser;
  customerIp: string;
  locale: Locale;
  /** The address the buyer reached the portal at (for the test provider's page). */
  siteOrigin: string;
}

function requireCompany(actor: AuthUser) {
  if (actor.role !== 'company') throw forbidden('payments.company_only');
}

/** Places the buyer's order for what `draft` describes. */
function orderFor(
  { actor, customerIp, locale, siteOrigin }: Purchase,
  draft: Parameters<typeof placeOrder>[0]['draft'],
) {
  return placeOrder({ buyerId: actor.id, customerIp, locale, siteOrigin, draft });
}

/** GET /api/payu/buy_premium/{id}/{months}: the plan for whole months, with its promotion if it applies. */
export async function buyPlan({
  planId,
  months,
  ...purchase
}: Purchase & { planId: number; months: number }): Promise<PaymentStart> {
  const { actor, locale } = purchase;
  requireCompany(actor);
  const plan = await getSellablePlan(await getDb(), planId);
  // Priced in the order's transaction with the company locked, so two orders placed at once cannot
  // both take the promotional months that are left (issue 27).
  return orderFor(purchase, async (tx) => {
    const now = new Date();
    const [buyer] = await tx
      .select({ createdAt: users.createdAt })
      .from(users)
      .where(eq(users.id, actor.id))
      .for('update');
    const lines = pricePlan({
      plan,
      months,
      registeredAt: buyer?.createdAt ?? null,
      promoUsed: await promoMonthsUsed(tx, actor.id, now),
      now,
    });
    return {
      kind: 'premium',
      items: planItems(locale, plan, lines),
      premiumSettingId: plan.id,
      months,
      promoMonths: lines.promoMonths,
    };
  });
}

/** GET /api/payu/buy_events/{id}: an event pack (more event creations). */
export async function buyEventPack({ packId, ...purchase }: Purchase & { packId: number }) {
  requireCompany(purchase.actor);
  const db = await getDb();
  const [pack] = await db.select().from(paymentSettings).where(eq(paymentSettings.id, packId));
  if (!pack) throw notFound();
  const name = purchase.locale === 'en' ? pack.descriptionEn : pack.descriptionPl;
  return orderFor(purchase, {
    kind: 'events',
    items: [{ name: name.slice(0, 255), unitPrice: pack.price, quantity: 1 }],
    paymentSettingId: pack.id,
    eventsCount: pack.count,
  });
}

/** GET /api/payu/buy_price_pack/{id}/{event_id}: one of the company's own, not yet ended events promoted. */
export async function buyPromotion({
  packId,
  eventId,
  ...purchase
}: Purchase & { packId: number; eventId: number }) {
  const { actor, locale } = purchase;
  requireCompany(actor);
  const db = await getDb();
  const [pack] = await db.select().from(pricePacks).where(eq(pricePacks.id, packId));
  if (!pack) throw notFound();
  const [event] = await db
    .select({ id: events.id, name: events.name, userId: events.userId, endDate: events.endDate })
    .from(events)
    // A hidden event is never shown, so it cannot be promoted either.
    .where(and(eq(events.id, eventId), isNull(events.hiddenAt)));
  if (!event) throw fieldError('event_id', 'validation.invalid_option');
  if (event.userId !== actor.id) throw forbidden('payments.not_your_event');
  if (event.endDate <= new Date()) throw fieldError('event_id', 'payments.event_ended');
  const packName = locale === 'en' ? pack.nameEn : pack.namePl;
  const line = translate(locale, 'payments.item.promotion', { pack: packName, event: event.name });
  return orderFor(purchase, {
    kind: 'promotion',
    items: [{ name: line.slice(0, 255), unitPrice: pack.price, quantity: 1 }],
    pricePackId: pack.id,
    eventId: event.id,
    days: pack.days,
  });
}

/** The company's place an ad leads to: the one asked for (its own), else its first. */
async function adPlace(actor: AuthUser, placeId: number | undefined) {
  const db = await getDb();
  const [place] = await db
    .select({ id: places.id, userId: places.userId })
    .from(places)
    // A place hidden by a moderator is never shown, so the ad would show nothing.
    .where(
      and(
        placeId === undefined ? eq(places.userId, actor.id) : eq(places.id, placeId),
        isNull(places.hiddenAt),
      ),
    )
    .orderBy(asc(places.id))
    .limit(1);
  if (!place)
    throw fieldError('place_id', placeId === undefined ? 'payments.no_place' : 'validation.invalid_option');
  if (place.userId !== actor.id) throw forbidden('payments.not_your_place');
  return place;
}

/** The home-page ad order for a place: the offer's price per period (spec §9: 250 PLN per 7 days). */
export async function homeAdDraft(
  db: DbOrTx,
  { name, placeId, weeks, locale }: { name: string; placeId: number; weeks: number; locale: Locale },
): Promise<OrderDraft> {
  const [offer] = await db
    .select()
    .from(homeAdOffers)
    .where(gt(homeAdOffers.price, 0))
    .orderBy(asc(homeAdOffers.id))
    .limit(1);
  if (!offer) throw notFound();
  const line = translate(locale, 'payments.item.home_ad', { name, days: offer.days });
  return {
    kind: 'home_ad',
    items: [{ name: line.slice(0, 255), unitPrice: offer.price, quantity: weeks }],
    adName: name,
    placeId,
    weeks,
    days: offer.days * weeks,
  };
}

/** GET /api/payu/buy_promo/{name}: the home-page ad (spec §9: 250 PLN per 7 days) under the chosen name. */
export async function buyHomeAd({
  name,
  placeId,
  weeks,
  ...purchase
}: Purchase & { name: string; placeId?: number; weeks: number }) {
  requireCompany(purchase.actor);
  const place = await adPlace(purchase.actor, placeId);
  return orderFor(
    purchase,
    await homeAdDraft(await getDb(), { name, placeId: place.id, weeks, locale: purchase.locale }),
  );
}

/**
 * What the event page offers the owner of an event that has not ended: the promotion packs, and until
 * when the event is already promoted (null: it is not). Null for anyone else.
 */
export async function getPromotionOffer(
  actor: AuthUser | null,
  eventId: number,
  now: Date = new Date(),
): Promise<{ promotedUntil: string | null } | null> {
  if (actor?.role !== 'company') return null;
  const db = await getDb();
  const [row] = await db
    .select({ until: max(eventPromotions.endsAt) })
    .from(events)
    .leftJoin(eventPromotions, and(eq(eventPromotions.eventId, events.id), gt(eventPromotions.endsAt, now)))
    .where(
      and(
        eq(events.id, eventId),
        eq(events.userId, actor.id),
        gt(events.endDate, now),
        isNull(events.hiddenAt),
      ),
    )
    .groupBy(events.id);
  if (!row) return null;
  return { promotedUntil: row.until?.toISOString() ?? null };
}
