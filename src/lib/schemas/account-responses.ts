import { z } from 'zod';
import { idSchema, imageSchema, isoDateTimeSchema } from './common-responses';

// What the API answers about accounts and sign-in (spec §3 User, §7), named by role.

/** The account roles (the `user_role` column). */
export const userRoleSchema = z.enum(['user', 'company', 'admin']);

/** The signed-in account (GET /api/user), with its places and its own plan. */
export const userResourceSchema = z.object({
  id: idSchema,
  first_name: z.string().nullable(),
  last_name: z.string().nullable(),
  email: z.string(),
  city: z.string().nullable(),
  image: imageSchema.nullable(),
  role: z.object({ name: userRoleSchema }),
  company_name: z.string().nullable(),
  place: z.object({ id: idSchema }).nullable(),
  places: z.array(z.object({ id: idSchema, name: z.string(), verified: z.boolean() })),
  locale: z.enum(['pl', 'en']),
  created_at: isoDateTimeSchema,
  email_verified_at: isoDateTimeSchema.nullable(),
  /** Whether new messages and reminders of events are also mailed. */
  mail_updates: z.boolean(),
  /** Whether the account has a password (one made by social sign-in sets its first one by a mailed link). */
  has_password: z.boolean(),
  premium_setting_id: idSchema.nullable(),
  premium_setting: z
    .object({
      id: idSchema,
      name: z.string(),
      level: z.int(),
      calendar_access: z.boolean(),
      answer_comments: z.boolean(),
      messenger_access: z.boolean(),
      images_count: z.int(),
      movies_count: z.int(),
    })
    .nullable(),
  premium_until: isoDateTimeSchema.nullable(),
  /** Companies only. */
  events_left: z.int().optional(),
});
export type UserResource = z.infer<typeof userResourceSchema>;

/** What anyone signed in may see of another account (GET /api/user/:id): a name, no contact data. */
export const publicUserSchema = z.object({
  id: idSchema,
  first_name: z.string().nullable(),
  last_name: z.string().nullable(),
  company_name: z.string().nullable(),
  name: z.string().nullable(),
  image: imageSchema.nullable(),
  role: z.object({ name: userRoleSchema }),
  place: z.object({ id: idSchema }).nullable(),
});
export type PublicUser = z.infer<typeof publicUserSchema>;

/** RFC 6749 §5.1: the tokens of a successful sign-in. */
export const tokenResponseSchema = z.object({
  token_type: z.literal('Bearer'),
  expires_in: z.int(),
  access_token: z.string(),
  refresh_token: z.string(),
});
export type TokenResponse = z.infer<typeof tokenResponseSchema>;

/** GET /api/login/providers: which sign-in buttons the pages show. */
export const loginProvidersSchema = z.object({
  google: z.boolean(),
  facebook: z.boolean(),
  facebook_app_id: z.string().nullable(),
});

/** GET /api/login/google/url: where to send the browser. */
export const authorizationUrlSchema = z.object({ url: z.string() });

/**
 * RFC 6749 §5.2: the token endpoint's errors, with a `message` as every other error has (an error the
 * endpoint does not word itself has only that). Loose, like `errorResponseSchema`.
 */
export const oauthErrorSchema = z.looseObject({
  error: z.string().optional(),
  error_description: z.string().optional(),
  message: z.string(),
});
