import { z } from 'zod';
import { locales } from '@/lib/locale';
import { shownAttributeSchema } from './catalogue-responses';
import { idSchema, imageSchema, isoDateTimeSchema } from './common-responses';
import { placeEventSchema } from './event-responses';
import { pageSchema } from './pagination';

// What the API answers about places (spec §3, §7), named by role. Every card is built by `toPlaceCard`
// (server/places/place-cards.ts); what a plan hides is null or cut short, never absent.

const contentLangSchema = z.enum(locales).describe('The language the text is written in (issue 31)');

/** A place as a card shows it: lists, favourites, the home page's slider. */
export const placeCardSchema = z.object({
  id: idSchema,
  /** Issue 31: in the request's language (Accept-Language) where the place has it, else in the other. */
  name: z.string(),
  /** Issue 31: the language `name` is written in. */
  lang: contentLangSchema,
  city: z.string(),
  street: z.string(),
  stars: z.number(),
  verified: z.boolean(),
  logo: imageSchema.nullable(),
  banner: imageSchema.nullable(),
  /** Issue 30: its attributes (accessibility, family, other) in the request's language, as its detail has them. */
  attributes: z.array(shownAttributeSchema),
});
export type PlaceCard = z.infer<typeof placeCardSchema>;

/** One result of GET /api/place: the card with its map point (if the plan shows it) and distance. */
export const placeSearchResultSchema = placeCardSchema.extend({
  lat: z.number().nullable(),
  lng: z.number().nullable(),
  distance_km: z.number().nullable(),
});
export type PlaceSearchResult = z.infer<typeof placeSearchResultSchema>;

/** GET /api/place: a page of places. */
export const placePageSchema = pageSchema(placeSearchResultSchema);
export type PlacePage = z.infer<typeof placePageSchema>;

/** Another place near the one shown, with its distance. */
export const nearbyPlaceSchema = placeCardSchema.extend({ distance_km: z.number() });
export type NearbyPlace = z.infer<typeof nearbyPlaceSchema>;

/** What a company's plan lets its places show and do (spec §6). */
export const planFeaturesSchema = z.object({
  display_phone: z.boolean(),
  display_email: z.boolean(),
  display_url: z.boolean(),
  display_social: z.boolean(),
  show_map: z.boolean(),
  virtual_walk: z.boolean(),
  company_description: z.boolean(),
  messenger_access: z.boolean(),
  answer_comments: z.boolean(),
  images_count: z.int(),
  movies_count: z.int(),
});

const named = z.object({ id: idSchema, name: z.string() });

/** A comment on a place page, with the owner's answer if there is one. */
export const placeCommentSchema = z.object({
  id: idSchema,
  user: z.object({
    id: idSchema,
    first_name: z.string().nullable(),
    last_name: z.string().nullable(),
    image: imageSchema.nullable(),
  }),
  stars: z.int(),
  comment: z.string(),
  answer: z.string().nullable(),
  created_at: isoDateTimeSchema,
});
export type PlaceComment = z.infer<typeof placeCommentSchema>;

/** One day of a place's opening hours; `from`/`to` as HH:mm. */
export const placeHoursSchema = z.object({
  week_day: z.int(),
  from: z.string().nullable(),
  to: z.string().nullable(),
  closed: z.int(),
  whole_day: z.int(),
});
export type PlaceHours = z.infer<typeof placeHoursSchema>;

/** Issue 30: a date with other hours than its weekday's (or closed), YYYY-MM-DD in Warsaw; today on. */
export const placeSpecialHoursSchema = placeHoursSchema.omit({ week_day: true }).extend({ date: z.string() });
export type PlaceSpecialHours = z.infer<typeof placeSpecialHoursSchema>;

/** Issue 31: a place's texts in one language as its owner edits them ('' or empty where none is written). */
export const placeTextsSchema = z.object({
  name: z.string(),
  description: z.string(),
  attractions: z.array(z.string()),
  additional_infos: z.array(z.string()),
});
export type PlaceTexts = z.infer<typeof placeTextsSchema>;

/**
 * A place as spec §3 describes it, less what its owner's plan does not allow (null or empty). Issue 31: its
 * texts in the request's language (Accept-Language) where written, else in the other, field by field; the
 * attractions and additional infos are the list of the request's language when it has one, else the place's
 * own language's.
 */
export const placeDetailSchema = z.object({
  id: idSchema,
  name: z.string(),
  company_name: z.string().nullable(),
  email: z.string().nullable(),
  email_contact: z.string().nullable(),
  phone: z.string().nullable(),
  phone2: z.string().nullable(),
  phone3: z.string().nullable(),
  url: z.string().nullable(),
  facebook: z.string().nullable(),
  instagram: z.string().nullable(),
  linked_in: z.string().nullable(),
  virtual_walk: z.object({ url: z.string(), verified: z.boolean() }).nullable(),
  description: z.string().nullable(),
  city: z.string(),
  street: z.string(),
  postcode: z.string(),
  lat: z.number().nullable(),
  lng: z.number().nullable(),
  stars: z.number(),
  visit_count: z.int(),
  verified: z.boolean(),
  logo: imageSchema.nullable(),
  banner: imageSchema.nullable(),
  images: z.array(z.object({ id: idSchema, url: z.string() })),
  languages: z.array(named),
  /** Issue 30: its attributes (accessibility, family, other), in the request's language. */
  attributes: z.array(shownAttributeSchema),
  attractions: z.array(z.object({ name: z.string() })),
  additional_infos: z.array(z.object({ name: z.string() })),
  movies: z.array(z.object({ youtube: z.string() })),
  /**
   * Issue 31: the language each text above is written in: the request's where the place has it, else the
   * other; null for a text (or list) that is empty or hidden.
   */
  text_lang: z.object({
    name: contentLangSchema,
    description: contentLangSchema.nullable(),
    attractions: contentLangSchema.nullable(),
    additional_infos: contentLangSchema.nullable(),
  }),
  /** Issue 31: for the place's owner only, every language's texts as the form edits them. */
  texts: z.record(z.enum(locales), placeTextsSchema).optional(),
  categories: z.array(named),
  place_hours: z.array(placeHoursSchema),
  special_hours: z.array(placeSpecialHoursSchema),
  /** Issue 30: open at the time of the request (weekly and special hours); `until` HH:mm, null all day. */
  open_now: z.object({ open: z.boolean(), until: z.string().nullable() }),
  comments: z.array(placeCommentSchema),
  comments_count: z.int(),
  events: z.array(placeEventSchema),
  events_count: z.int(),
  user: z.object({ id: idSchema, company_name: z.string().nullable() }),
  features: planFeaturesSchema,
  is_favourite: z.boolean(),
  created_at: isoDateTimeSchema,
});
export type PlaceDetail = z.infer<typeof placeDetailSchema>;

/** POST /api/place/add_comment: the comment's id and the place's new mean rating. */
export const commentAddedSchema = z.object({ id: idSchema, stars: z.number() });
export type CommentAdded = z.infer<typeof commentAddedSchema>;
