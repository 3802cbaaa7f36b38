import 'server-only';
import { asc, count, eq } from 'drizzle-orm';
import { getDb } from '@/db/client';
import {
  type HomeAdOffer,
  homeAdOffers,
  orders,
  type PaymentSetting,
  type PricePack,
  paymentSettings,
  pricePacks,
} from '@/db/schema';
import type {
  AdminEventPack,
  AdminPacks,
  AdminPricePack,
  EventPackInput,
  HomeAdInput,
  PricePackInput,
} from '@/lib/schemas/admin-catalogue';
import { recordAudit } from '@/server/admin/audit';
import { fieldError, notFound } from '@/server/errors';
import { searchDataChanged } from '@/server/search/search-cache';

// Event packs (payment_settings), event-promotion packs (price_packs) and the home-ad price
// (home_ad_offers, one row), prices in grosze. GET /api/payment_setting and the checkout read them per
// request; the cached pages are emptied after each write in case they show a price.

const eventPack = (p: PaymentSetting): AdminEventPack => ({
  id: p.id,
  description_pl: p.descriptionPl,
  description_en: p.descriptionEn,
  price: p.price,
  count: p.count,
});
const pricePack = (p: PricePack): AdminPricePack => ({
  id: p.id,
  name_pl: p.namePl,
  name_en: p.nameEn,
  days: p.days,
  price: p.price,
});
const homeAd = (h: HomeAdOffer) => ({ id: h.id, days: h.days, price: h.price });

export async function listAdminPacks(): Promise<AdminPacks> {
  const db = await getDb();
  const [packs, promos, [ad]] = await Promise.all([
    db.select().from(paymentSettings).orderBy(asc(paymentSettings.count), asc(paymentSettings.id)),
    db.select().from(pricePacks).orderBy(asc(pricePacks.days), asc(pricePacks.id)),
    db.select().from(homeAdOffers).orderBy(asc(homeAdOffers.id)).limit(1),
  ]);
  return {
    event_packs: packs.map(eventPack),
    price_packs: promos.map(pricePack),
    home_ad: ad ? homeAd(ad) : null,
  };
}

const eventPackColumns = (input: EventPackInput) => ({
  descriptionPl: input.description_pl,
  descriptionEn: input.description_en,
  price: input.price,
  count: input.count,
});

export async function createEventPack({ adminId, input }: { adminId: number; input: EventPackInput }) {
  const db = await getDb();
  const row = await db.transaction(async (tx) => {
    const [created] = await tx.insert(paymentSettings).values(eventPackColumns(input)).returning();
    if (!created) throw new Error('insert failed');
    await recordAudit(tx, {
      adminId,
      action: 'event_pack.create',
      target: 'payment_setting',
      targetId: created.id,
      after: eventPack(created),
    });
    return created;
  });
  searchDataChanged();
  return eventPack(row);
}

export async function updateEventPack({
  adminId,
  id,
  input,
}: {
  adminId: number;
  id: number;
  input: EventPackInput;
}) {
  const db = await getDb();
  const row = await db.transaction(async (tx) => {
    const [before] = await tx.select().from(paymentSettings).where(eq(paymentSettings.id, id)).for('update');
    if (!before) throw notFound();
    const [after] = await tx
      .update(paymentSettings)
      .set(eventPackColumns(input))
      .where(eq(paymentSettings.id, id))
      .returning();
    if (!after) throw notFound();
    await recordAudit(tx, {
      adminId,
      action: 'event_pack.update',
      target: 'payment_setting',
      targetId: id,
      before: eventPack(before),
      after: eventPack(after),
    });
    return after;
  });
  searchDataChanged();
  return eventPack(row);
}

export async function deleteEventPack({ adminId, id }: { adminId: number; id: number }) {
  const db = await getDb();
  await db.transaction(async (tx) => {
    const [before] = await tx.select().from(paymentSettings).where(eq(paymentSettings.id, id)).for('update');
    if (!before) throw notFound();
    // Orders keep what they bought, but point at it: an ordered pack is changed, not deleted.
    const [ordered] = await tx.select({ n: count() }).from(orders).where(eq(orders.paymentSettingId, id));
    if (Number(ordered?.n ?? 0) > 0)
      throw fieldError('id', 'admin_catalogue.errors.pack_ordered', { count: Number(ordered?.n) });
    await tx.delete(paymentSettings).where(eq(paymentSettings.id, id));
    await recordAudit(tx, {
      adminId,
      action: 'event_pack.delete',
      target: 'payment_setting',
      targetId: id,
      before: eventPack(before),
    });
  });
  searchDataChanged();
}

const pricePackColumns = (input: PricePackInput) => ({
  namePl: input.name_pl,
  nameEn: input.name_en,
  days: input.days,
  price: input.price,
});

export async function createPricePack({ adminId, input }: { adminId: number; input: PricePackInput }) {
  const db = await getDb();
  const row = await db.transaction(async (tx) => {
    const [created] = await tx.insert(pricePacks).values(pricePackColumns(input)).returning();
    if (!created) throw new Error('insert failed');
    await recordAudit(tx, {
      adminId,
      action: 'price_pack.create',
      target: 'price_pack',
      targetId: created.id,
      after: pricePack(created),
    });
    return created;
  });
  searchDataChanged();
  return pricePack(row);
}

export async function updatePricePack({
  adminId,
  id,
  input,
}: {
  adminId: number;
  id: number;
  input: PricePackInput;
}) {
  const db = await getDb();
  const row = await db.transaction(async (tx) => {
    const [before] = await tx.select().from(pricePacks).where(eq(pricePacks.id, id)).for('update');
    if (!before) throw notFound();
    const [after] = await tx
      .update(pricePacks)
      .set(pricePackColumns(input))
      .where(eq(pricePacks.id, id))
      .returning();
    if (!after) throw notFound();
    await recordAudit(tx, {
      adminId,
      action: 'price_pack.update',
      target: 'price_pack',
      targetId: id,
      before: pricePack(before),
      after: pricePack(after),
    });
    return after;
  });
  searchDataChanged();
  return pricePack(row);
}

export async function deletePricePack({ adminId, id }: { adminId: number; id: number }) {
  const db = await getDb();
  await db.transaction(async (tx) => {
    const [before] = await tx.select().from(pricePacks).where(eq(pricePacks.id, id)).for('update');
    if (!before) throw notFound();
    // Orders keep what they bought, but point at it: an ordered pack is changed, not deleted.
    const [ordered] = await tx.select({ n: count() }).from(orders).where(eq(orders.pricePackId, id));
    if (Number(ordered?.n ?? 0) > 0)
      throw fieldError('id', 'admin_catalogue.errors.pack_ordered', { count: Number(ordered?.n) });
    await tx.delete(pricePacks).where(eq(pricePacks.id, id));
    await recordAudit(tx, {
      adminId,
      action: 'price_pack.delete',
      target: 'price_pack',
      targetId: id,
      before: pricePack(before),
    });
  });
  searchDataChanged();
}

/** Sets the home-ad offer (the one row; made if missing). */
export async function updateHomeAd({ adminId, input }: { adminId: number; input: HomeAdInput }) {
  const db = await getDb();
  const row = await db.transaction(async (tx) => {
    const [before] = await tx
      .select()
      .from(homeAdOffers)
      .orderBy(asc(homeAdOffers.id))
      .limit(1)
      .for('update');
    const [after] = before
      ? await tx
          .update(homeAdOffers)
          .set({ days: input.days, price: input.price })
          .where(eq(homeAdOffers.id, before.id))
          .returning()
      : await tx.insert(homeAdOffers).values({ days: input.days, price: input.price }).returning();
    if (!after) throw new Error('write failed');
    await recordAudit(tx, {
      adminId,
      action: 'home_ad.update',
      target: 'home_ad_offer',
      targetId: after.id,
      before: before ? homeAd(before) : null,
      after: homeAd(after),
    });
    return after;
  });
  searchDataChanged();
  return homeAd(row);
}
