import type { z } from 'zod';
import { registerUserBodySchema, updateUserBodySchema } from '@/lib/schemas/account';
import * as catalogue from '@/lib/schemas/admin-catalogue';
import {
  adminUsersQuerySchema,
  blockUserBodySchema,
  reportsQuerySchema,
} from '@/lib/schemas/admin-moderation';
import { refundBodySchema } from '@/lib/schemas/admin-refunds';
import { rejectBodySchema } from '@/lib/schemas/admin-verification';
import { createEventBodySchema, updateEventBodySchema } from '@/lib/schemas/event';
import { createImportBodySchema } from '@/lib/schemas/imports';
import { companyRegistrationBodySchema, placeProfileBodySchema } from '@/lib/schemas/place-profile';
import { reportBodySchema } from '@/lib/schemas/reports';

/**
 * Who may call an operation. `user`, `attendee`, `company` and `admin` need a token (a 401 otherwise, checked
 * before the body is read); `attendee` and `company` name the one role the call is for (a 403 for the other).
 * `optional`: a token changes the answer (a viewer's own state). `client`: the OAuth client's credentials.
 * `payu`: PayU's signature header. `public`: nobody needs to say who they are.
 */
export type Access = 'public' | 'optional' | 'user' | 'attendee' | 'company' | 'admin' | 'client' | 'payu';

/** The 4xx answers an operation has beside the ones its access and input imply (401, 403, 404, 422, 413). */
export type ErrorStatus = 400 | 401 | 402 | 403 | 404 | 409 | 429 | 503;

/** Files a multipart form takes: how many (or `plan`: the company's plan's photo limit), and what. */
export type FormFiles = Record<string, { max: number | 'plan'; calendar?: true }>;

export interface Operation {
  summary: string;
  access: Access;
  errors?: readonly ErrorStatus[];
  /**
   * A body the handler reads itself (multipart forms after authorization, admin bodies after the role
   * check) with `parseFields` and this same schema; `files` makes it a multipart form.
   */
  body?: z.ZodType;
  files?: FormFiles;
  /** A query the handler parses itself, with this same schema. */
  query?: z.ZodObject;
  /** The message key of the 403 the other role hears, when "not allowed" says too little. */
  refusal?: string;
  /** An administrator may call it too (naming the company it is about). */
  admins?: true;
}

const op = (
  summary: string,
  access: Access,
  more: Omit<Operation, 'summary' | 'access'> = {},
): Operation => ({
  summary,
  access,
  ...more,
});

/**
 * The calls of one of the admin's catalogue lists: add and edit take the same body; list and delete where
 * the list has them. A name or slug taken, or a row still in use, is a 409.
 */
function catalogueCalls(
  kind: string,
  summaries: { list?: string; add: string; edit: string; remove?: string },
  input: Pick<Operation, 'body' | 'files' | 'errors'>,
): Record<string, Operation> {
  const path = `/api/admin/catalogue/${kind}`;
  return {
    ...(summaries.list && { [`GET ${path}`]: op(summaries.list, 'admin') }),
    [`POST ${path}`]: op(summaries.add, 'admin', input),
    [`PUT ${path}/{id}`]: op(summaries.edit, 'admin', input),
    ...(summaries.remove && { [`DELETE ${path}/{id}`]: op(summaries.remove, 'admin', { errors: [409] }) }),
  };
}

const userFiles: FormFiles = { image: { max: 1 }, new_photo_image: { max: 1 } };
const placeFiles: FormFiles = {
  logo: { max: 1 },
  new_photo_logo: { max: 1 },
  banner: { max: 1 },
  new_photo_banner: { max: 1 },
  images: { max: 'plan' },
};
const eventFiles: FormFiles = { banner: { max: 1 }, images: { max: 'plan' } };
const categoryFiles: FormFiles = { image: { max: 1 } };

/**
 * Every operation of the API (spec §7), keyed `METHOD /path` as the description writes it. The server refuses
 * to start with a route missing here (src/api/openapi/describe.ts), so nothing goes undocumented.
 */
export const operations: Record<string, Operation> = {
  // Catalogue, texts, plans, operations
  'GET /api/category': op('List the categories', 'public'),
  'GET /api/attribute': op('List the place attributes', 'public'),
  'GET /api/language': op('List the languages', 'public'),
  'GET /api/health': op('Say whether the process is up', 'public', { errors: [503] }),
  'GET /api/ready': op('Say whether the database and the services are ready', 'public', { errors: [503] }),
  'GET /api/text/slug/{slug}': op('Read a text page (terms, privacy policy, help)', 'public'),
  'GET /api/premium_setting': op('List the premium plans and their prices', 'public'),
  'GET /api/payment_setting': op('List the event packs, price packs and promotion prices', 'public'),

  // Payments and invoices
  'GET /api/payu/buy_premium/{id}/{months}': op(
    'Order a premium plan; answers the payment address',
    'company',
    { refusal: 'payments.company_only', errors: [409, 429] },
  ),
  'GET /api/payu/buy_premium/{id}/{months}/preview': op(
    'Preview a plan order: the price, less the credit for unused time',
    'company',
    { refusal: 'payments.company_only', errors: [409] },
  ),
  'GET /api/payu/buy_events/{id}': op('Order an event pack; answers the payment address', 'company', {
    refusal: 'payments.company_only',
    errors: [429],
  }),
  'GET /api/payu/buy_price_pack/{id}/{event_id}': op(
    'Order a promotion of an event; answers the payment address',
    'company',
    { refusal: 'payments.company_only', errors: [403, 409, 429] },
  ),
  'GET /api/payu/buy_promo/{name}': op(
    'Order a promotion (a home-page ad); answers the payment address',
    'company',
    { refusal: 'payments.company_only', errors: [409, 429] },
  ),
  'GET /api/payu/pay/{ext_order_id}': op("Get an unpaid order's payment address again", 'user', {
    errors: [409],
  }),
  'GET /api/order': op("List the account's orders", 'user'),
  'GET /api/order/{ext_order_id}': op('Read an order and its status', 'user'),
  'POST /api/payu/test/{ext_order_id}': op(
    "Choose the outcome on the local test payment page (only when PayU is not configured); the portal's pages only",
    'public',
    { errors: [403] },
  ),
  'POST /api/payu/notify': op("Take PayU's notification of an order's status", 'payu', {
    errors: [400, 403],
  }),
  'GET /api/invoice/{id}.pdf': op('Download an invoice (PDF)', 'user'),
  'GET /api/user/billing': op("Read the account's billing details", 'user'),
  'PUT /api/user/billing': op("Save the account's billing details", 'user'),
  'GET /api/user/promotion_reports': op('Report what the promotions and ads brought', 'company', {
    admins: true,
  }),

  // Notifications, messages, live counts
  'GET /api/notification': op('List the unread notifications (`read` marks one read)', 'attendee'),
  'GET /api/notification/all': op('List all notifications', 'attendee'),
  'POST /api/notification/read_all': op('Mark every notification read', 'attendee'),
  'DELETE /api/notification/{id}': op('Delete a notification', 'attendee'),
  'GET /api/message': op("List the account's conversations", 'user'),
  'POST /api/message': op("Send a message to a place's owner or to an attendee who wrote", 'user', {
    errors: [403, 404, 429],
  }),
  'GET /api/message/getDetails/{id}': op('Read a conversation', 'user', { errors: [403] }),
  'GET /api/live': op('Stream the unread counts (server-sent events; `once=1` answers JSON)', 'user'),

  // Sign-in, tokens, accounts
  'POST /api/session': op("Sign in with e-mail and password (the portal's pages)", 'public', {
    errors: [401, 403, 429],
  }),
  'POST /api/session/refresh': op('Renew the session from its refresh cookie', 'public', {
    errors: [401, 403],
  }),
  'POST /api/logout': op('Sign out: the token and its refresh token stop working', 'optional', {
    errors: [403],
  }),
  'GET /.well-known/oauth-authorization-server': op(
    'OAuth 2.0 authorization server metadata (RFC 8414)',
    'public',
  ),
  'POST /oauth/token': op(
    'Get a token for a password, or a new one for a refresh token (RFC 6749)',
    'client',
    {
      errors: [400, 429],
    },
  ),
  'POST /api/user': op('Register an attendee', 'public', {
    body: registerUserBodySchema,
    files: userFiles,
    errors: [429],
  }),
  'GET /api/user': op('Read the signed-in account', 'user'),
  'POST /api/company': op('Register a company with its first place', 'public', {
    body: companyRegistrationBodySchema,
    files: placeFiles,
    errors: [429],
  }),
  'POST /api/user/verify/{token}': op('Confirm an e-mail address with the link sent to it', 'public'),
  'POST /api/user/resend_email': op('Send the confirmation e-mail again', 'public', { errors: [429] }),
  'POST /api/user/password_link': op(
    'Send a link to set a password (accounts made by social sign-in)',
    'user',
    {
      errors: [429],
    },
  ),
  'GET /api/user/{id}': op('Read an account (only your own)', 'user', { errors: [403] }),
  'POST /api/user/{id}': op('Edit your account: profile, photo, e-mail, password (`_method=PUT`)', 'user', {
    body: updateUserBodySchema,
    files: userFiles,
    errors: [403, 409, 429],
  }),
  'POST /api/company/{id}': op("Edit the company's profile and its place (`_method=PUT`)", 'company', {
    body: placeProfileBodySchema,
    files: placeFiles,
    errors: [403],
  }),
  'POST /api/password/send_email': op('Send a link to reset the password', 'public', { errors: [429] }),
  'POST /api/password/reset': op('Set a new password with the link', 'public', { errors: [429] }),
  'GET /api/login/providers': op('List the social sign-in providers', 'public'),
  'GET /api/login/google/url': op(
    "Get Google's sign-in address (404 when Google sign-in is not set up)",
    'public',
    {
      errors: [404],
    },
  ),
  'POST /api/login/google': op('Sign in with Google', 'public', { errors: [401, 403] }),
  'POST /api/login/facebook': op('Sign in with Facebook', 'public', { errors: [401, 403] }),

  // Places
  'GET /api/place': op('Search places: text, city, category, distance; sorted', 'public'),
  'POST /api/place': op('Add a place', 'company', {
    body: placeProfileBodySchema,
    files: placeFiles,
    errors: [403],
  }),
  'GET /api/place/favourite': op('List the favourite places', 'attendee'),
  'GET /api/place/{id}': op('Read a place', 'optional'),
  'POST /api/place/{id}': op('Edit a place (`_method=PUT`)', 'company', {
    body: placeProfileBodySchema,
    files: placeFiles,
  }),
  'DELETE /api/place/{id}': op('Delete a place', 'company'),
  'POST /api/place/add_favourite': op('Add a place to the favourites', 'attendee', { errors: [404] }),
  'POST /api/place/remove_favourite': op('Take a place off the favourites', 'attendee', { errors: [404] }),
  'POST /api/place/add_comment': op('Rate a place and comment on it', 'attendee', {
    refusal: 'comments.companies_cannot',
    errors: [404, 409],
  }),
  'POST /api/place/answer_to_comment/{id}': op("Answer a comment on one of the company's places", 'company'),
  'GET /api/geo/nearest-city': op('Find the city nearest to a point', 'public'),
  'GET /api/geo/city': op('Find a city by name', 'public'),

  // Events
  'GET /api/event': op('Search events: text, city, category, dates, price, distance; sorted', 'public'),
  'POST /api/event': op('Create an event, using one of the creations left', 'company', {
    body: createEventBodySchema,
    files: eventFiles,
    errors: [402, 403, 429],
  }),
  'GET /api/event/get_mine': op("List the company's events", 'company'),
  'GET /api/event/favourite': op('List the favourite events', 'attendee'),
  'GET /api/event/calendar': op('List the events in the personal calendar', 'attendee'),
  'POST /api/event/add_favourite': op('Add an event to the favourites', 'attendee', { errors: [404] }),
  'POST /api/event/remove_favourite': op('Take an event off the favourites', 'attendee', { errors: [404] }),
  'POST /api/event/add_calendar': op('Add an event to the personal calendar', 'attendee', { errors: [404] }),
  'POST /api/event/remove_calendar': op('Take an event off the personal calendar', 'attendee', {
    errors: [404],
  }),
  'GET /api/company/get_events_left': op('Say how many event creations the company has left', 'company'),
  'GET /api/event/{id}': op('Read an event', 'optional'),
  'POST /api/event/{id}': op('Edit an event (`_method=PUT`)', 'company', {
    body: updateEventBodySchema,
    files: eventFiles,
    errors: [429],
  }),
  'DELETE /api/event/{id}': op('Cancel an event', 'company'),
  'GET /api/event/{id}/ics': op('Download an event as iCalendar', 'public'),

  // Registration and tickets
  'GET /api/event/{id}/registration': op(
    "Read an event's registration: places left, the caller's ticket",
    'optional',
  ),
  'PUT /api/event/{id}/registration': op('Open registration for an event, or change its terms', 'company', {
    errors: [409],
  }),
  'DELETE /api/event/{id}/registration': op('Close registration for an event', 'company', { errors: [409] }),
  'GET /api/event/{id}/registration/terms': op(
    "Read the registration's terms as the organiser set them",
    'company',
  ),
  'POST /api/event/{id}/register': op('Register for an event, or join its waiting list', 'attendee', {
    refusal: 'api.registration.attendees_only',
    errors: [409, 429],
  }),
  'GET /api/tickets': op("List the attendee's tickets", 'user'),
  'GET /api/tickets/{id}': op('Read a ticket, with its code', 'user'),
  'GET /api/tickets/{id}/ics': op('Download a ticket as iCalendar', 'user'),
  'POST /api/tickets/{id}/cancel': op(
    'Cancel a registration; the place goes to the waiting list',
    'attendee',
    { refusal: 'api.registration.attendees_only', errors: [409] },
  ),
  'POST /api/tickets/{id}/confirm': op('Take a place offered from the waiting list', 'attendee', {
    refusal: 'api.registration.attendees_only',
    errors: [409],
  }),
  'GET /api/event/{id}/registrations': op("List an event's registrations", 'company'),
  'GET /api/event/{id}/registrations.csv': op("Download an event's registrations (CSV)", 'company'),
  'POST /api/registrations/{id}/approve': op('Approve a registration waiting for approval', 'company', {
    errors: [409],
  }),
  'POST /api/registrations/{id}/decline': op('Decline a registration waiting for approval', 'company', {
    errors: [409],
  }),
  'POST /api/event/{id}/registrations/message': op("Write to an event's registered attendees", 'company', {
    errors: [429],
  }),
  'POST /api/event/{id}/check_in': op('Check a ticket in at the door', 'company', { errors: [409] }),

  // Calendars, feeds, imports, widget
  'GET /api/calendar/feed/{file}': op('Subscribe to the personal calendar (its secret address)', 'public'),
  'POST /api/calendar/feed/reset': op("Change the personal calendar's secret address", 'attendee'),
  'GET /api/feed/events.ics': op('Events as an iCalendar feed', 'public'),
  'GET /api/feed/events.rss': op('Events as an RSS feed', 'public'),
  'GET /api/feed/events.json': op('Events as a JSON Feed', 'public'),
  'GET /api/place/{id}/imports': op("List a place's calendar imports", 'company'),
  'POST /api/place/{id}/imports': op('Import events from a calendar address into a place', 'company', {
    body: createImportBodySchema,
    files: { file: { max: 1, calendar: true } },
    errors: [409],
  }),
  'POST /api/imports/{id}/run': op('Read an imported calendar again now', 'company', { errors: [429] }),
  'DELETE /api/imports/{id}': op('Stop importing a calendar', 'company'),
  'GET /api/widget/events.html': op("A place's or company's events for another site's page", 'public'),
  'GET /api/widget/embed.js': op('The script that puts the widget on another site', 'public'),

  // Newsletter, mail, reports, statistics
  'POST /api/newsletter': op('Subscribe to the newsletter (a confirmation e-mail follows)', 'public', {
    errors: [429],
  }),
  'POST /api/newsletter/confirm/{token}': op('Confirm a newsletter subscription', 'public'),
  'POST /api/unsubscribe': op('Stop a kind of e-mail with the link from one (one click, RFC 8058)', 'public'),
  'GET /api/unsubscribe': op('Read what an unsubscribe link stops', 'public'),
  'POST /api/report': op('Report a place, an event, a comment or a message to the moderators', 'user', {
    body: reportBodySchema,
    errors: [404, 409, 429],
  }),
  'POST /api/stats/hits': op("Count views and clicks (the portal's pages)", 'public', { errors: [403, 429] }),
  'GET /api/user/stats': op("The company's statistics for a period, with the period before", 'company', {
    admins: true,
  }),
  'GET /api/user/stats.csv': op("The company's statistics (CSV)", 'company', { admins: true }),

  // Administration
  ...catalogueCalls(
    'category',
    {
      list: 'List the categories to edit',
      add: 'Add a category',
      edit: 'Edit a category',
      remove: 'Delete a category',
    },
    { body: catalogue.categoryInputSchema, files: categoryFiles, errors: [409] },
  ),
  ...catalogueCalls(
    'language',
    {
      list: 'List the languages to edit',
      add: 'Add a language',
      edit: 'Edit a language',
      remove: 'Delete a language',
    },
    { body: catalogue.languageInputSchema, errors: [409] },
  ),
  ...catalogueCalls(
    'attribute',
    {
      list: 'List the place attributes to edit',
      add: 'Add a place attribute',
      edit: 'Edit a place attribute',
      remove: 'Delete a place attribute',
    },
    { body: catalogue.attributeInputSchema, errors: [409] },
  ),
  'GET /api/admin/catalogue/text': op('List the text pages', 'admin'),
  'GET /api/admin/catalogue/text/{slug}': op('Read a text page to edit', 'admin'),
  'PUT /api/admin/catalogue/text/{slug}': op('Edit a text page', 'admin', {
    body: catalogue.textInputSchema,
  }),
  'POST /api/admin/catalogue/text-preview': op("Preview a text page's HTML as it will be shown", 'admin', {
    body: catalogue.textPreviewBodySchema,
  }),
  ...catalogueCalls(
    'plan',
    { list: 'List the plans to edit', add: 'Add a plan', edit: 'Edit a plan' },
    { body: catalogue.planInputSchema, errors: [409] },
  ),
  'GET /api/admin/catalogue/packs': op(
    'List the event packs, price packs and the home-page ad price',
    'admin',
  ),
  ...catalogueCalls(
    'event-pack',
    { add: 'Add an event pack', edit: 'Edit an event pack', remove: 'Delete an event pack' },
    { body: catalogue.eventPackInputSchema },
  ),
  ...catalogueCalls(
    'price-pack',
    { add: 'Add a price pack', edit: 'Edit a price pack', remove: 'Delete a price pack' },
    { body: catalogue.pricePackInputSchema },
  ),
  'PUT /api/admin/catalogue/home-ad': op("Set the home-page ad's price and length", 'admin', {
    body: catalogue.homeAdInputSchema,
  }),
  'GET /api/admin/overview': op("The portal's figures at a glance", 'admin'),
  'GET /api/admin/newsletter.csv': op("Download the newsletter's confirmed subscribers (CSV)", 'admin'),
  'GET /api/admin/audit': op("Read the administrators' audit log", 'admin'),
  'GET /api/admin/reports': op('List the reports to moderate', 'admin', { query: reportsQuerySchema }),
  'POST /api/admin/reports/{id}/dismiss': op('Dismiss a report', 'admin'),
  'POST /api/admin/comment/{id}/hide': op('Hide a comment', 'admin'),
  'POST /api/admin/comment/{id}/restore': op('Show a hidden comment again', 'admin'),
  'POST /api/admin/place/{id}/hide': op('Hide a place', 'admin'),
  'POST /api/admin/place/{id}/restore': op('Show a hidden place again', 'admin'),
  'POST /api/admin/event/{id}/hide': op('Hide an event', 'admin'),
  'POST /api/admin/event/{id}/restore': op('Show a hidden event again', 'admin'),
  'POST /api/admin/message/{id}/hide': op('Hide a message', 'admin'),
  'POST /api/admin/message/{id}/restore': op('Show a hidden message again', 'admin'),
  'GET /api/admin/users': op('Search the accounts', 'admin', { query: adminUsersQuerySchema }),
  'POST /api/admin/user/{id}/block': op('Block an account', 'admin', {
    body: blockUserBodySchema,
    errors: [409],
  }),
  'POST /api/admin/user/{id}/unblock': op('Unblock an account', 'admin'),
  'GET /api/admin/verification/places': op('List the places waiting for verification', 'admin'),
  'GET /api/admin/verification/walks': op('List the walks waiting for verification', 'admin'),
  'POST /api/admin/place/{id}/verify': op('Verify a place', 'admin', { errors: [409] }),
  'POST /api/admin/place/{id}/reject': op('Reject a place, with the reason', 'admin', {
    body: rejectBodySchema,
    errors: [409],
  }),
  'POST /api/admin/walk/{kind}/{id}/verify': op('Verify a walk', 'admin', { errors: [409] }),
  'POST /api/admin/walk/{kind}/{id}/reject': op('Reject a walk, with the reason', 'admin', {
    body: rejectBodySchema,
    errors: [409],
  }),
  'GET /api/admin/orders': op('List the orders', 'admin'),
  'POST /api/admin/order/{id}/refund': op('Refund an order, in full or in part', 'admin', {
    body: refundBodySchema,
    errors: [409],
  }),
  'GET /api/admin/invoices/{month}.zip': op(
    "Download a month's invoices and their FA(3) files (ZIP)",
    'admin',
  ),
};

/**
 * Routes that are not part of the API's description, each with its reason; every other route must be in
 * `operations`.
 */
export const undocumented: Record<string, string> = {
  'GET /api/docs': 'the description itself',
  'GET /api/docs/json': 'the description itself',
  'GET /api/metrics': "the operators' Prometheus scrape, behind its own token",
  'GET /api/icons.svg': "the pages' icon sprite",
  'GET /favicon.ico': "browsers' tab icon",
  'GET /media/*': 'uploaded images, addressed by the answers that name them',
  'GET /robots.txt': "crawlers' rules",
  'GET /sitemap.xml': "crawlers' index",
  'GET /sitemaps/{file}': "crawlers' index parts",
  'GET /api/og/{kind}/{file}': 'share previews drawn for link previews',
};
