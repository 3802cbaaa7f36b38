import 'server-only';
import { asc, eq, type InferInsertModel } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
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
import { fieldError } from '@/server/errors';
import * as audited from './audited-rows';

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

/** A kind of pack: its row as the admin sees it (the audit keeps the same), its columns, and its orders. */
interface PackKind<T extends audited.IdTable, Input, Admin extends object> extends audited.Kind<T> {
  audited: (row: T['$inferSelect']) => Admin;
  columns: (input: Input) => InferInsertModel<T>;
  /** The orders' column pointing at the pack. */
  orderedBy: AnyPgColumn;
}

const eventPackKind: PackKind<typeof paymentSettings, EventPackInput, AdminEventPack> = {
  table: paymentSettings,
  action: 'event_pack',
  target: 'payment_setting',
  audited: eventPack,
  columns: (input) => ({
    descriptionPl: input.description_pl,
    descriptionEn: input.description_en,
    price: input.price,
    count: input.count,
  }),
  orderedBy: orders.paymentSettingId,
};

const pricePackKind: PackKind<typeof pricePacks, PricePackInput, AdminPricePack> = {
  table: pricePacks,
  action: 'price_pack',
  target: 'price_pack',
  audited: pricePack,
  columns: (input) => ({
    namePl: input.name_pl,
    nameEn: input.name_en,
    days: input.days,
    price: input.price,
  }),
  orderedBy: orders.pricePackId,
};

async function createPack<T extends audited.IdTable, Input, Admin extends object>(
  kind: PackKind<T, Input, Admin>,
  { adminId, input }: audited.CreateArgs<Input>,
): Promise<Admin> {
  const row = await audited.change((tx) => audited.insert(tx, kind, adminId, kind.columns(input)));
  return kind.audited(row);
}

async function updatePack<T extends audited.IdTable, Input, Admin extends object>(
  kind: PackKind<T, Input, Admin>,
  { adminId, id, input }: audited.UpdateArgs<Input>,
): Promise<Admin> {
  const row = await audited.change(async (tx) => {
    const before = await audited.lockRow(tx, kind.table, id);
    return audited.update(tx, kind, adminId, before, kind.columns(input));
  });
  return kind.audited(row);
}

async function deletePack<T extends audited.IdTable, Input, Admin extends object>(
  kind: PackKind<T, Input, Admin>,
  { adminId, id }: audited.DeleteArgs,
): Promise<void> {
  await audited.change(async (tx) => {
    const before = await audited.lockRow(tx, kind.table, id);
    // Orders keep what they bought, but point at it: an ordered pack is changed, not deleted.
    const ordered = await audited.countUsing(tx, orders, kind.orderedBy, id);
    if (ordered > 0) throw fieldError('id', 'admin_catalogue.errors.pack_ordered', { count: ordered });
    await audited.remove(tx, kind, adminId, before);
  });
}

export const createEventPack = (args: audited.CreateArgs<EventPackInput>) => createPack(eventPackKind, args);
export const updateEventPack = (args: audited.UpdateArgs<EventPackInput>) => updatePack(eventPackKind, args);
export const deleteEventPack = (args: audited.DeleteArgs) => deletePack(eventPackKind, args);

export const createPricePack = (args: audited.CreateArgs<PricePackInput>) => createPack(pricePackKind, args);
export const updatePricePack = (args: audited.UpdateArgs<PricePackInput>) => updatePack(pricePackKind, args);
export const deletePricePack = (args: audited.DeleteArgs) => deletePack(pricePackKind, args);

/** Sets the home-ad offer (the one row; made if missing). */
export async function updateHomeAd({ adminId, input }: { adminId: number; input: HomeAdInput }) {
  const row = await audited.change(async (tx) => {
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
  return homeAd(row);
}
