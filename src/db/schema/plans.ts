import * as pg from 'drizzle-orm/pg-core';

// Premium (PRO) plans; prices in grosze, gross, per month.
export const premiumSettings = pg.pgTable('premium_settings', {
  id: pg.serial('id').primaryKey(),
  namePl: pg.varchar('name_pl', { length: 100 }).notNull(),
  nameEn: pg.varchar('name_en', { length: 100 }).notNull(),
  level: pg.integer('level').notNull().unique('premium_settings_level_uq'),
  price: pg.integer('price').notNull(),
  promo: pg.integer('promo').notNull().default(0),
  // spec-limits.ts defaultPromoMonths; a literal here, where drizzle-kit reads the schema without the @/ paths.
  promoMonths: pg.integer('promo_months').notNull().default(6),
  isPromoActive: pg.boolean('is_promo_active').notNull().default(false),
  isDefault: pg.boolean('is_default').notNull().default(false),
  imageUrl: pg.text('image_url'),
  availableEvents: pg.integer('available_events').notNull().default(0),
  techSupport: pg.boolean('tech_support').notNull().default(false),
  companyDescription: pg.boolean('company_description').notNull().default(false),
  askQuestions: pg.boolean('ask_questions').notNull().default(false),
  displayEmail: pg.boolean('display_email').notNull().default(false),
  displayPhone: pg.boolean('display_phone').notNull().default(false),
  imagesCount: pg.integer('images_count').notNull().default(0),
  moviesCount: pg.integer('movies_count').notNull().default(0),
  virtualWalk: pg.boolean('virtual_walk').notNull().default(false),
  showMap: pg.boolean('show_map').notNull().default(false),
  displayUrl: pg.boolean('display_url').notNull().default(false),
  bonusDistance: pg.integer('bonus_distance').notNull().default(0),
  displaySocial: pg.boolean('display_social').notNull().default(false),
  calendarAccess: pg.boolean('calendar_access').notNull().default(false),
  answerComments: pg.boolean('answer_comments').notNull().default(false),
  messengerAccess: pg.boolean('messenger_access').notNull().default(false),
});

// Event packs: `count` event creations for `price`.
export const paymentSettings = pg.pgTable('payment_settings', {
  id: pg.serial('id').primaryKey(),
  descriptionPl: pg.text('description_pl').notNull(),
  descriptionEn: pg.text('description_en').notNull(),
  price: pg.integer('price').notNull(),
  count: pg.integer('count').notNull(),
});

// Event-promotion price packs: one event promoted for `days`.
export const pricePacks = pg.pgTable('price_packs', {
  id: pg.serial('id').primaryKey(),
  namePl: pg.varchar('name_pl', { length: 100 }).notNull(),
  nameEn: pg.varchar('name_en', { length: 100 }).notNull(),
  days: pg.integer('days').notNull(),
  price: pg.integer('price').notNull(),
});

// The home-page ad (spec §9: 250 PLN per 7 days): one row, editable like the other prices.
export const homeAdOffers = pg.pgTable('home_ad_offers', {
  id: pg.serial('id').primaryKey(),
  days: pg.integer('days').notNull(),
  price: pg.integer('price').notNull(),
});

export type PremiumSetting = typeof premiumSettings.$inferSelect;
export type PaymentSetting = typeof paymentSettings.$inferSelect;
export type PricePack = typeof pricePacks.$inferSelect;
export type HomeAdOffer = typeof homeAdOffers.$inferSelect;
