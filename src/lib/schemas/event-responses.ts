import { z } from 'zod';
import { locales } from '@/lib/locale';
import { weekdayCodes } from '@/lib/weekdays';
import { shownAttributeSchema } from './catalogue-responses';
import { idSchema, imageSchema, isoDateTimeSchema } from './common-responses';
import { pageSchema } from './pagination';
import { registrationStateSchema } from './registration-responses';

// What the API answers about events (spec §3, §7), named by role. Each list keeps the fields and the
// order it always had; every card is built by `toEventCard` (server/events/event-cards.ts).

const contentLangSchema = z.enum(locales).describe('The language the text is written in (issue 31)');

// Issue 29: null is a price or places not given (an imported calendar's), never 0 (free, sold out).
const money = z.number().nullable();

/** An event as a card shows it: the home page's sliders and the event card component. */
export const eventCardSchema = z.object({
  id: idSchema,
  name: z.string(),
  /** Issue 31: the language `name` is written in: the request's where the event has it, else the other. */
  lang: contentLangSchema,
  city: z.string(),
  place_name: z.string().nullable(),
  start_date: isoDateTimeSchema,
  end_date: isoDateTimeSchema,
  price_min: money,
  price_max: money,
  category: z.object({ id: idSchema }),
  banner: imageSchema.nullable(),
  image: imageSchema.nullable(),
  visit_count: z.int(),
  /** Issue 30: its attributes (accessibility, family, other) in the request's language, as its detail has them. */
  attributes: z.array(shownAttributeSchema),
  /** A series' next dates after `start_date` (at most three); empty for a single event (issue 17). */
  also_on: z.array(isoDateTimeSchema),
  /**
   * Issue 28 (EU DSA art. 26): who paid for the event's running promotion, for the "Sponsored" label;
   * null for an event not promoted now (and in lists that do not place events by promotion).
   */
  sponsor: z
    .string()
    .nullable()
    .describe('Who paid for the running promotion (company name), null when the event is not promoted now'),
  /** Issue 33: whether it takes registrations, and how many places are left. */
  registration: z
    .object({
      state: z.enum(['register', 'waiting_list', 'full']),
      spots_left: z.int(),
    })
    .nullable()
    .describe(
      '`register`: places free; `waiting_list`: full, new registrations wait; `full`: closed and full',
    ),
});
export type EventCard = z.infer<typeof eventCardSchema>;

/** One result of GET /api/event: the card with its place, map point, promotion and distance. */
export const eventSearchResultSchema = eventCardSchema.extend({
  place_id: idSchema,
  lat: z.number().nullable(),
  lng: z.number().nullable(),
  place: z.object({ id: idSchema, stars: z.number() }),
  promoted: z.boolean(),
  distance_km: z.number().nullable(),
});
export type EventSearchResult = z.infer<typeof eventSearchResultSchema>;

/** GET /api/event: a page of search results. */
export const eventSearchPageSchema = pageSchema(eventSearchResultSchema);
export type EventSearchPage = z.infer<typeof eventSearchPageSchema>;

/** What every short list of events shows of each. */
const eventSummaryFields = {
  id: true,
  name: true,
  city: true,
  place_name: true,
  start_date: true,
  end_date: true,
  price_min: true,
  price_max: true,
  banner: true,
} as const;

/** An event of an attendee's favourites or calendar (GET /api/event/favourite, /api/event/calendar). */
export const listedEventSchema = eventCardSchema.pick({
  ...eventSummaryFields,
  lang: true,
  category: true,
  also_on: true,
  attributes: true,
  registration: true,
});
export type ListedEvent = z.infer<typeof listedEventSchema>;

/** An event of the signed-in company (GET /api/event/get_mine). */
export const ownEventSchema = eventCardSchema
  .pick({ ...eventSummaryFields, visit_count: true })
  .extend({ place_id: idSchema });
export type OwnEvent = z.infer<typeof ownEventSchema>;

/** A page of the company's own events (issue 29): each says whether deleting it gives its creation back. */
export const myEventsPageSchema = pageSchema(ownEventSchema.extend({ creation_back: z.boolean() })).extend({
  counts: z.object({ upcoming: z.int(), past: z.int() }),
});

/** An upcoming event on its place's page. */
export const placeEventSchema = eventCardSchema.pick({
  id: true,
  name: true,
  lang: true,
  city: true,
  start_date: true,
  end_date: true,
  price_min: true,
  price_max: true,
  banner: true,
  also_on: true,
  registration: true,
});
export type PlaceEvent = z.infer<typeof placeEventSchema>;

/** One date of a series as its page lists it: cancelled, moved (from where the rule put it) or as planned. */
export const seriesDateSchema = z.object({
  start: isoDateTimeSchema,
  end: isoDateTimeSchema,
  cancelled: z.boolean(),
  moved_from: isoDateTimeSchema.nullable(),
  /** The date's own title (an imported calendar's override), null when it is the event's. */
  name: z.string().nullable(),
});
export type SeriesDate = z.infer<typeof seriesDateSchema>;

/** How an event repeats (issue 17): the RRULE, its parts as the form shows them, and the next dates. */
export const eventSeriesSchema = z.object({
  rule: z.string(),
  /** Null for a rule the form cannot describe (from an imported calendar). */
  repeat: z
    .object({
      freq: z.enum(['daily', 'weekly', 'monthly']),
      interval: z.int(),
      days: z.array(z.enum(weekdayCodes)),
      monthly: z.enum(['date', 'weekday']),
      until: z.string().nullable(),
      count: z.int().nullable(),
    })
    .nullable(),
  first_start: isoDateTimeSchema,
  next_dates: z.array(seriesDateSchema),
});
export type EventSeries = z.infer<typeof eventSeriesSchema>;

/** An event as spec §3 describes it, with its place summary and the viewer's favourite/calendar state. */
export const eventDetailSchema = z.object({
  id: idSchema,
  name: z.string(),
  description: z.string().nullable(),
  place_id: idSchema,
  place_name: z.string(),
  /**
   * Issue 31: the language each text above is written in: the request's (Accept-Language) where the event has
   * it, else the other; `description` is null when there is none.
   */
  text_lang: z.object({
    name: contentLangSchema,
    description: contentLangSchema.nullable(),
    place_name: contentLangSchema,
  }),
  /** Issue 31: for the event's owner only, every language's texts as the form edits them ('' where none). */
  texts: z
    .record(z.enum(locales), z.object({ name: z.string(), description: z.string(), place_name: z.string() }))
    .optional(),
  street: z.string().nullable(),
  postcode: z.string().nullable(),
  city: z.string(),
  lat: z.number().nullable(),
  lng: z.number().nullable(),
  start_date: isoDateTimeSchema,
  end_date: isoDateTimeSchema,
  price_min: money,
  price_max: money,
  spots_left: z.int().nullable(),
  buy_ticket_url: z.string().nullable(),
  banner: imageSchema.nullable(),
  images: z.array(z.object({ id: idSchema, url: z.string(), is_default: z.boolean() })),
  /** YouTube video ids. */
  movies: z.array(z.string()),
  virtual_walk: z.object({ url: z.string(), verified: z.boolean() }).nullable(),
  category: z.object({ id: idSchema, name: z.string() }),
  /** Issue 30: its attributes (accessibility, family, other), in the request's language. */
  attributes: z.array(shownAttributeSchema),
  visit_count: z.int(),
  comments_count: z.int(),
  place: z.object({
    id: idSchema,
    name: z.string(),
    logo: imageSchema.nullable(),
    /** Issue 30: the place's own attributes (the event's location in its JSON-LD). */
    attributes: z.array(shownAttributeSchema),
    // Contact details are null where the owner's plan hides them.
    url: z.string().nullable(),
    phone: z.string().nullable(),
    stars: z.number(),
    comments_count: z.int(),
    user: z.object({
      id: idSchema,
      email: z.string().nullable(),
      company_name: z.string().nullable(),
      /** Whether the organiser's plan lets attendees write to them (spec §6 messenger_access). */
      messenger_access: z.boolean(),
    }),
  }),
  user_id: idSchema,
  is_favourite: z.boolean(),
  in_calendar: z.boolean(),
  /** Null for a single event. */
  series: eventSeriesSchema.nullable(),
  created_at: isoDateTimeSchema,
  updated_at: isoDateTimeSchema,
  /** Issue 33: registration on the portal (GET /api/event/{id} only), null when the event takes none. */
  registration: registrationStateSchema.nullable().optional(),
});
export type EventDetail = z.infer<typeof eventDetailSchema>;

/** POST /api/event: the created event and the creations left. */
export const eventCreatedSchema = z.object({
  data: eventDetailSchema,
  events_left: z.int(),
  message: z.string(),
});

/** GET /api/company/get_events_left. */
export const eventsLeftSchema = z.object({ events_left: z.int(), total: z.int() });

/** Whether an event is in the attendee's calendar after adding or removing it. */
export const calendarStateSchema = z.object({ id: idSchema, calendar: z.boolean() });
