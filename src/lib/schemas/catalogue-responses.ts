import { z } from 'zod';
import { attributeGroups } from '@/lib/attribute-icons';
import { idSchema, imageSchema, isoDateTimeSchema } from './common-responses';
import { pageSchema } from './pagination';

// What the API answers about the catalogue and the rest of the portal's fixed data (spec §7): categories,
// languages, plans and prices, text pages, notifications, towns and health, named by role.

/** A category, named in the request's language. */
export const categoryResourceSchema = z.object({
  id: idSchema,
  name: z.string(),
  slug: z.string(),
  image: imageSchema.nullable(),
});
export type CategoryResource = z.infer<typeof categoryResourceSchema>;

/** Issue 30: an attribute of the catalogue (a step-free entrance, a changing table…), named in the request's language. */
export const attributeResourceSchema = z.object({
  id: idSchema,
  slug: z.string(),
  group: z.enum(attributeGroups),
  /** A lucide icon's name; always shown with the name, never alone. */
  icon: z.string(),
  name: z.string(),
  for_places: z.boolean(),
  for_events: z.boolean(),
});
export type AttributeResource = z.infer<typeof attributeResourceSchema>;

/** An attribute of a place or an event as its page, its card and the API show it. */
export const shownAttributeSchema = z.object({
  slug: z.string(),
  name: z.string(),
  icon: z.string(),
  group: z.enum(attributeGroups),
});
export type ShownAttribute = z.infer<typeof shownAttributeSchema>;

/** A language a place's staff can speak, named in the request's language. */
export const languageResourceSchema = z.object({ id: idSchema, name: z.string() });
export type LanguageResource = z.infer<typeof languageResourceSchema>;

/** A premium (PRO) plan with its features; prices in PLN, gross, per month. */
export const premiumSettingResourceSchema = z.object({
  id: idSchema,
  name: z.string(),
  level: z.int(),
  price: z.number(),
  promo: z.int(),
  promo_months: z.int(),
  is_promo_active: z.boolean(),
  default: z.boolean(),
  image: imageSchema.nullable(),
  available_events: z.int(),
  tech_support: z.boolean(),
  company_description: z.boolean(),
  ask_questions: z.boolean(),
  display_email: z.boolean(),
  display_phone: z.boolean(),
  images_count: z.int(),
  movies_count: z.int(),
  virtual_walk: z.boolean(),
  show_map: z.boolean(),
  display_url: z.boolean(),
  bonus_distance: z.int(),
  display_social: z.boolean(),
  calendar_access: z.boolean(),
  answer_comments: z.boolean(),
  messenger_access: z.boolean(),
  /** The months a plan may be bought for. */
  durations: z.array(z.int()),
});
export type PremiumSettingResource = z.infer<typeof premiumSettingResourceSchema>;

/** Event packs, event-promotion price packs and the home-page ad price (GET /api/payment_setting). */
export const paymentSettingsSchema = z.object({
  packages: z.array(z.object({ id: idSchema, description: z.string(), price: z.number(), count: z.int() })),
  price_packs: z.array(z.object({ id: idSchema, name: z.string(), days: z.int(), price: z.number() })),
  home_ad: z.object({ price: z.number(), days: z.int() }),
});
export type PaymentSettings = z.infer<typeof paymentSettingsSchema>;

/** A text page in the request's language; `text` is HTML, sanitised when it was saved. */
export const textResourceSchema = z.object({
  id: idSchema,
  slug: z.string(),
  title: z.string(),
  text: z.string(),
  updated_at: isoDateTimeSchema,
});
export type TextResource = z.infer<typeof textResourceSchema>;

/** A notification of the signed-in attendee, worded in the request's language. */
export const notificationResourceSchema = z.object({
  id: idSchema,
  message: z.string(),
  event_id: idSchema.nullable(),
  place_id: idSchema.nullable(),
  read: z.boolean(),
  created_at: isoDateTimeSchema,
});
export type NotificationResource = z.infer<typeof notificationResourceSchema>;

/** GET /api/notification: the newest notifications and how many there are in all. */
export const notificationListSchema = z.object({
  total: z.int(),
  data: z.array(notificationResourceSchema),
});
export type NotificationList = z.infer<typeof notificationListSchema>;

/** GET /api/notification/all: a page of all notifications, read and unread, newest first (issue 29). */
export const notificationPageSchema = pageSchema(notificationResourceSchema);

/** POST /api/notification/read_all: how many unread notifications it marked read. */
export const notificationsMarkedSchema = z.object({ data: z.object({ marked: z.int().min(0) }) });

/** GET /api/geo/nearest-city: the nearest known town. */
export const nearestCitySchema = z.object({ city: z.string() });

/** GET /api/geo/city: the centre of a known town. */
export const cityCentreSchema = z.object({ name: z.string(), lat: z.number(), lng: z.number() });

/** GET /api/health: whether the database answers, and which driver is in use. */
export const healthSchema = z.object({
  status: z.enum(['ok', 'unavailable']),
  database: z.enum(['ok', 'down']),
  driver: z.string(),
});

/** GET /api/ready: whether this process can serve now, and the state of what it needs (never why). */
export const readinessSchema = z.object({
  ready: z.boolean(),
  database: z.enum(['ok', 'down']),
  redis: z.enum(['ok', 'down', 'off']),
  storage: z.enum(['ok', 'down']),
  draining: z.boolean(),
});
