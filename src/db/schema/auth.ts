import * as pg from 'drizzle-orm/pg-core';
import { createdAt, ownedBy } from './columns';
import { users } from './users';

// OAuth clients; the secret is kept only as a hash.
export const oauthClients = pg.pgTable('oauth_clients', {
  id: pg.varchar('id', { length: 100 }).primaryKey(),
  name: pg.varchar('name', { length: 100 }).notNull(),
  secretHash: pg.text('secret_hash').notNull(),
  firstParty: pg.boolean('first_party').notNull().default(true),
  revokedAt: pg.timestamp('revoked_at', { withTimezone: true }),
  createdAt: createdAt(),
});

// Tokens are random strings; only their SHA-256 is stored.
export const accessTokens = pg.pgTable(
  'oauth_access_tokens',
  {
    id: pg.serial('id').primaryKey(),
    tokenHash: pg.varchar('token_hash', { length: 64 }).notNull().unique('oauth_access_tokens_hash_uq'),
    userId: ownedBy('user_id', () => users.id),
    clientId: pg.varchar('client_id', { length: 100 }).references(() => oauthClients.id, {
      onDelete: 'cascade',
    }),
    expiresAt: pg.timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: pg.timestamp('revoked_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [pg.index('oauth_access_tokens_user_idx').on(t.userId)],
);

// Refresh tokens rotate; all tokens issued from one sign-in share a family, revoked together on reuse.
export const refreshTokens = pg.pgTable(
  'oauth_refresh_tokens',
  {
    id: pg.serial('id').primaryKey(),
    tokenHash: pg.varchar('token_hash', { length: 64 }).notNull().unique('oauth_refresh_tokens_hash_uq'),
    family: pg.uuid('family').notNull(),
    userId: ownedBy('user_id', () => users.id),
    clientId: pg.varchar('client_id', { length: 100 }).references(() => oauthClients.id, {
      onDelete: 'cascade',
    }),
    accessTokenId: pg.integer('access_token_id').references(() => accessTokens.id, {
      onDelete: 'set null',
    }),
    expiresAt: pg.timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: pg.timestamp('used_at', { withTimezone: true }),
    revokedAt: pg.timestamp('revoked_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    pg.index('oauth_refresh_tokens_family_idx').on(t.family),
    pg.index('oauth_refresh_tokens_user_idx').on(t.userId),
  ],
);

export const emailVerificationTokens = pg.pgTable(
  'email_verification_tokens',
  {
    id: pg.serial('id').primaryKey(),
    tokenHash: pg.varchar('token_hash', { length: 64 }).notNull().unique('email_verification_tokens_hash_uq'),
    userId: ownedBy('user_id', () => users.id),
    expiresAt: pg.timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: pg.timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [pg.index('email_verification_tokens_user_idx').on(t.userId)],
);

export const passwordResetTokens = pg.pgTable(
  'password_reset_tokens',
  {
    id: pg.serial('id').primaryKey(),
    tokenHash: pg.varchar('token_hash', { length: 64 }).notNull().unique('password_reset_tokens_hash_uq'),
    userId: ownedBy('user_id', () => users.id),
    expiresAt: pg.timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: pg.timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [pg.index('password_reset_tokens_user_idx').on(t.userId)],
);

// Browsers that signed in to an account with its password (OWASP's device cookies): such a browser is
// exempt from the account's throttle and limited on its own. Only the token's SHA-256 is stored.
export const loginDevices = pg.pgTable(
  'login_devices',
  {
    id: pg.serial('id').primaryKey(),
    tokenHash: pg.varchar('token_hash', { length: 64 }).notNull().unique('login_devices_hash_uq'),
    userId: ownedBy('user_id', () => users.id),
    expiresAt: pg.timestamp('expires_at', { withTimezone: true }).notNull(),
    lastUsedAt: pg.timestamp('last_used_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: createdAt(),
  },
  (t) => [pg.index('login_devices_user_idx').on(t.userId, t.lastUsedAt)],
);
