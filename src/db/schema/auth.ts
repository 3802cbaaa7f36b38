import {
  boolean,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';
import { createdAt, ownedBy } from './columns';
import { users } from './users';

// OAuth clients; the secret is kept only as a hash.
export const oauthClients = pgTable('oauth_clients', {
  id: varchar('id', { length: 100 }).primaryKey(),
  name: varchar('name', { length: 100 }).notNull(),
  secretHash: text('secret_hash').notNull(),
  firstParty: boolean('first_party').notNull().default(true),
  revokedAt: timestamp('revoked_at', { withTimezone: true }),
  createdAt: createdAt(),
});

// Tokens are random strings; only their SHA-256 is stored.
export const accessTokens = pgTable(
  'oauth_access_tokens',
  {
    id: serial('id').primaryKey(),
    tokenHash: varchar('token_hash', { length: 64 }).notNull().unique('oauth_access_tokens_hash_uq'),
    userId: ownedBy('user_id', () => users.id),
    clientId: varchar('client_id', { length: 100 }).references(() => oauthClients.id, {
      onDelete: 'cascade',
    }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('oauth_access_tokens_user_idx').on(t.userId)],
);

// Refresh tokens rotate; all tokens issued from one sign-in share a family, revoked together on reuse.
export const refreshTokens = pgTable(
  'oauth_refresh_tokens',
  {
    id: serial('id').primaryKey(),
    tokenHash: varchar('token_hash', { length: 64 }).notNull().unique('oauth_refresh_tokens_hash_uq'),
    family: uuid('family').notNull(),
    userId: ownedBy('user_id', () => users.id),
    clientId: varchar('client_id', { length: 100 }).references(() => oauthClients.id, {
      onDelete: 'cascade',
    }),
    accessTokenId: integer('access_token_id').references(() => accessTokens.id, {
      onDelete: 'set null',
    }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('oauth_refresh_tokens_family_idx').on(t.family),
    index('oauth_refresh_tokens_user_idx').on(t.userId),
  ],
);

export const emailVerificationTokens = pgTable(
  'email_verification_tokens',
  {
    id: serial('id').primaryKey(),
    tokenHash: varchar('token_hash', { length: 64 }).notNull().unique('email_verification_tokens_hash_uq'),
    userId: ownedBy('user_id', () => users.id),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('email_verification_tokens_user_idx').on(t.userId)],
);

export const passwordResetTokens = pgTable(
  'password_reset_tokens',
  {
    id: serial('id').primaryKey(),
    tokenHash: varchar('token_hash', { length: 64 }).notNull().unique('password_reset_tokens_hash_uq'),
    userId: ownedBy('user_id', () => users.id),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('password_reset_tokens_user_idx').on(t.userId)],
);

// Browsers that signed in to an account with its password (OWASP's device cookies): such a browser is
// exempt from the account's throttle and limited on its own. Only the token's SHA-256 is stored.
export const loginDevices = pgTable(
  'login_devices',
  {
    id: serial('id').primaryKey(),
    tokenHash: varchar('token_hash', { length: 64 }).notNull().unique('login_devices_hash_uq'),
    userId: ownedBy('user_id', () => users.id),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: createdAt(),
  },
  (t) => [index('login_devices_user_idx').on(t.userId, t.lastUsedAt)],
);
