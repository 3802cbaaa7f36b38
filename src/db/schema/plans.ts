import { boolean, integer, pgTable, serial, text, varchar } from 'drizzle-orm/pg-core';

// Premium (PRO) plans; prices in grosze, gross, per month.
export const premiumSettings = pgTable('premium_settings', {
  id: serial('id').primaryKey(),
  namePl: varchar('name_pl', { length: 100 }).notNull(),
  nameEn: varchar('name_en', { length: 100 }).notNull(),
  level: integer('level').notNull().unique('premium_settings_level_uq'),
  price: integer('price').notNull(),
  promo: integer('promo').notNull().default(0),
  // spec-limits.ts defaultPromoMonths; a literal here, where drizzle-kit reads the schema without the @/ paths.
  promoMonths: integer('promo_months').notNull().default(6),
  isPromoActive: boolean('is_promo_active').notNull().default(false),
  isDefault: boolean('is_default').notNull().default(false),
  imageUrl: text('image_url'),
  availableEvents: integer('available_events').notNull().default(0),
  techSupport: boolean('tech_support').notNull().default(false),
  companyDescription: boolean('company_description').notNull().default(false),
  askQuestions: boolean('ask_questions').notNull().default(false),
  displayEmail: boolean('display_email').notNull().default(false),
  displayPhone: boolean('display_phone').notNull().default(false),
  imagesCount: integer('images_count').notNull().default(0),
  moviesCount: integer('movies_count').notNull().default(0),
  virtualWalk: boolean('virtual_walk').notNull().default(false),
  showMap: boolean('show_map').notNull().default(false),
  displayUrl: boolean('display_url').notNull().default(false),
  bonusDistance: integer('bonus_distance').notNull().default(0),
  displaySocial: boolean('display_social').notNull().default(false),
  calendarAccess: boolean('calendar_access').notNull().default(false),
  answerComments: boolean('answer_comments').notNull().default(false),
  messengerAccess: boolean('messenger_access').notNull().default(false),
});

// Event packs: `count` event creations for `price`.
export const paymentSettings = pgTable('payment_settings', {
  id: serial('id').primaryKey(),
  descriptionPl: text('description_pl').notNull(),
  descriptionEn: text('description_en').notNull(),
  price: integer('price').notNull(),
  count: integer('count').notNull(),
});

// Event-promotion price packs: one event promoted for `days`.
export const pricePacks = pgTable('price_packs', {
  id: serial('id').primaryKey(),
  namePl: varchar('name_pl', { length: 100 }).notNull(),
  nameEn: varchar('name_en', { length: 100 }).notNull(),
  days: integer('days').notNull(),
  price: integer('price').notNull(),
});

// The home-page ad (spec §9: 250 PLN per 7 days): one row, editable like the other prices.
export const homeAdOffers = pgTable('home_ad_offers', {
  id: serial('id').primaryKey(),
  days: integer('days').notNull(),
  price: integer('price').notNull(),
});

export type PremiumSetting = typeof premiumSettings.$inferSelect;
export type PaymentSetting = typeof paymentSettings.$inferSelect;
export type PricePack = typeof pricePacks.$inferSelect;
export type HomeAdOffer = typeof homeAdOffers.$inferSelect;
