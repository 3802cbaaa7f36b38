import { z } from 'zod';
import { attributeGroups, attributeIcons } from '@/lib/attribute-icons';
import { idSchema, imageSchema, isoDateTimeSchema } from './common-responses';
import { alsoOnFieldErrors, requiredText, trimmed, wholeNumber } from './fields';

// The admin catalogue (issue 14 point 4): what the forms send and what the admin API answers. Prices
// are entered in PLN with at most two decimals ("49", "49.5", "49,99") and kept in grosze.

const plnPattern = /^\d{1,7}([.,]\d{1,2})?$/;
const negativePattern = /^-\d+([.,]\d{1,2})?$/;

/** A price in PLN (text or number) as whole grosze; anything else is left for the number schema to refuse. */
function plnToGrosze(v: unknown): unknown {
  if (typeof v === 'string') {
    const s = v.trim();
    if (plnPattern.test(s) || negativePattern.test(s)) return Math.round(Number(s.replace(',', '.')) * 100);
    return s === '' ? undefined : v;
  }
  if (typeof v === 'number' && Number.isFinite(v)) {
    const grosze = Math.round(v * 100);
    return Math.abs(grosze - v * 100) < 1e-6 ? grosze : Number.NaN;
  }
  return v;
}

/** A price entered in PLN, answered as grosze; never negative. */
export const plnField = z.preprocess(plnToGrosze, z.number().int().min(0).max(100_000_000));

/** A checkbox of a form ("on") or a JSON flag; absent is false. */
export const flagField = z.preprocess(
  (v) => v === true || v === 'on' || v === 'true' || v === '1',
  z.boolean(),
);

const whole = (min: number, max: number) => wholeNumber(z.number().int().min(min).max(max));

/** A catalogue item's name in both languages, as a form sends it: each required, up to 100 characters. */
const namesInput = { name_pl: requiredText(100), name_en: requiredText(100) };

export const categoryInputSchema = z.object({
  slug: trimmed(60)
    .min(1)
    .regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, 'validation.invalid'),
  ...namesInput,
  position: whole(0, 100_000),
  /** Ticked on an edit: the current image is dropped (a new upload replaces it anyway). */
  remove_image: flagField.optional(),
});
export type CategoryInput = z.output<typeof categoryInputSchema>;

export const languageInputSchema = z.object({
  code: trimmed(10)
    .min(1)
    .regex(/^[a-z]{2,3}(-[a-z0-9]{2,8})?$/, 'validation.invalid'),
  ...namesInput,
});
export type LanguageInput = z.output<typeof languageInputSchema>;

/** Issue 30: an attribute of the catalogue; it applies to places, events or both (at least one). */
export const attributeInputSchema = z
  .object({
    slug: trimmed(60)
      .min(1)
      .regex(/^[a-z0-9]+([_-][a-z0-9]+)*$/, 'validation.invalid'),
    group: z.enum(attributeGroups, 'validation.invalid_option'),
    icon: z.enum(attributeIcons, 'validation.invalid_option'),
    ...namesInput,
    for_places: flagField,
    for_events: flagField,
    position: whole(0, 100_000),
  })
  .superRefine((v, ctx) => {
    if (!v.for_places && !v.for_events)
      ctx.addIssue({
        code: 'custom',
        path: ['for_places'],
        message: 'admin_catalogue.errors.applies_to_none',
      });
  }, alsoOnFieldErrors);
export type AttributeInput = z.output<typeof attributeInputSchema>;

export const textInputSchema = z.object({
  title_pl: requiredText(200),
  title_en: requiredText(200),
  body_pl: z.string().max(200_000),
  body_en: z.string().max(200_000),
});
export type TextInput = z.output<typeof textInputSchema>;

/** The text page editor's preview: the HTML as it would be saved. */
export const textPreviewBodySchema = z.object({ html: z.string().max(200_000) });

const planFlags = [
  'tech_support',
  'company_description',
  'ask_questions',
  'display_email',
  'display_phone',
  'virtual_walk',
  'show_map',
  'display_url',
  'display_social',
  'calendar_access',
  'answer_comments',
  'messenger_access',
] as const;
export const planFlagNames = planFlags;
export type PlanFlag = (typeof planFlags)[number];

export const planInputSchema = z.object({
  ...namesInput,
  level: whole(0, 1000),
  price: plnField,
  promo: whole(0, 100),
  promo_months: whole(0, 120),
  is_promo_active: flagField,
  default: flagField,
  available_events: whole(0, 100_000),
  images_count: whole(0, 1000),
  movies_count: whole(0, 1000),
  bonus_distance: whole(0, 100_000),
  ...(Object.fromEntries(planFlags.map((f) => [f, flagField])) as Record<PlanFlag, typeof flagField>),
});
export type PlanInput = z.output<typeof planInputSchema>;

export const eventPackInputSchema = z.object({
  description_pl: requiredText(500),
  description_en: requiredText(500),
  price: plnField,
  count: whole(1, 10_000),
});
export type EventPackInput = z.output<typeof eventPackInputSchema>;

export const pricePackInputSchema = z.object({
  ...namesInput,
  days: whole(1, 3650),
  price: plnField,
});
export type PricePackInput = z.output<typeof pricePackInputSchema>;

export const homeAdInputSchema = z.object({ days: whole(1, 3650), price: plnField });
export type HomeAdInput = z.output<typeof homeAdInputSchema>;

export const textSlugParams = z.object({ slug: z.string().regex(/^[a-z0-9-]{1,60}$/) });

// Answers: the rows as the admin sees them, both languages, prices in grosze.

export const adminCategorySchema = z.object({
  id: idSchema,
  slug: z.string(),
  name_pl: z.string(),
  name_en: z.string(),
  position: z.int(),
  image: imageSchema.nullable(),
  events_count: z.int(),
});
export type AdminCategory = z.infer<typeof adminCategorySchema>;

export const adminLanguageSchema = z.object({
  id: idSchema,
  code: z.string(),
  name_pl: z.string(),
  name_en: z.string(),
  places_count: z.int(),
});
export type AdminLanguage = z.infer<typeof adminLanguageSchema>;

export const adminAttributeSchema = z.object({
  id: idSchema,
  slug: z.string(),
  group: z.enum(attributeGroups),
  icon: z.string(),
  name_pl: z.string(),
  name_en: z.string(),
  for_places: z.boolean(),
  for_events: z.boolean(),
  position: z.int(),
  places_count: z.int(),
  events_count: z.int(),
});
export type AdminAttribute = z.infer<typeof adminAttributeSchema>;

export const adminTextSchema = z.object({
  id: idSchema,
  slug: z.string(),
  title_pl: z.string(),
  title_en: z.string(),
  body_pl: z.string(),
  body_en: z.string(),
  updated_at: isoDateTimeSchema,
});
export type AdminText = z.infer<typeof adminTextSchema>;

export const adminPlanSchema = z.object({
  id: idSchema,
  name_pl: z.string(),
  name_en: z.string(),
  level: z.int(),
  /** Grosze. */
  price: z.int(),
  promo: z.int(),
  promo_months: z.int(),
  is_promo_active: z.boolean(),
  default: z.boolean(),
  available_events: z.int(),
  images_count: z.int(),
  movies_count: z.int(),
  bonus_distance: z.int(),
  ...(Object.fromEntries(planFlags.map((f) => [f, z.boolean()])) as Record<PlanFlag, z.ZodBoolean>),
});
export type AdminPlan = z.infer<typeof adminPlanSchema>;

export const adminEventPackSchema = z.object({
  id: idSchema,
  description_pl: z.string(),
  description_en: z.string(),
  price: z.int(),
  count: z.int(),
});
export type AdminEventPack = z.infer<typeof adminEventPackSchema>;

export const adminPricePackSchema = z.object({
  id: idSchema,
  name_pl: z.string(),
  name_en: z.string(),
  days: z.int(),
  price: z.int(),
});
export type AdminPricePack = z.infer<typeof adminPricePackSchema>;

export const adminHomeAdSchema = z.object({ id: idSchema, days: z.int(), price: z.int() });
export type AdminHomeAd = z.infer<typeof adminHomeAdSchema>;

export const adminPacksSchema = z.object({
  event_packs: z.array(adminEventPackSchema),
  price_packs: z.array(adminPricePackSchema),
  home_ad: adminHomeAdSchema.nullable(),
});
export type AdminPacks = z.infer<typeof adminPacksSchema>;
