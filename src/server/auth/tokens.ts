import 'server-only';
import { createHash, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import { getConfig } from '@/config';
import { type DbOrTx, getDb } from '@/db/client';
import { accessTokens, oauthClients, refreshTokens } from '@/db/schema';
import type { TokenResponse } from '@/lib/schemas/account-responses';
import { hashToken } from './access-tokens';

export const accessTokenTtlSeconds = 60 * 60;
export const refreshTokenTtlSeconds = 30 * 24 * 60 * 60;

/** RFC 6749 §5.2 errors, answered by the token endpoint in its own format. */
export class OAuthError extends Error {
  constructor(
    readonly error: 'invalid_request' | 'invalid_client' | 'invalid_grant' | 'unsupported_grant_type',
    readonly descriptionKey: string,
    readonly status: 400 | 401 | 429 = error === 'invalid_client' ? 401 : 400,
    readonly code?: string,
    /** With a 429: when to come back. */
    readonly retryAfterSeconds?: number,
  ) {
    super(error);
  }
}

const newToken = () => randomBytes(32).toString('base64url');
const digest = (value: string) => createHash('sha256').update(value).digest();

/** The first-party client of the configuration exists with the configured secret (run at start). */
export async function ensureFirstPartyClient(db?: DbOrTx): Promise<void> {
  const { id, secret } = getConfig().oauthClient;
  const conn = db ?? (await getDb());
  const secretHash = digest(secret).toString('hex');
  await conn
    .insert(oauthClients)
    .values({ id, name: 'Portal web', secretHash, firstParty: true })
    .onConflictDoUpdate({ target: oauthClients.id, set: { secretHash, revokedAt: null } });
}

export async function verifyClient(
  clientId: string | undefined,
  clientSecret: string | undefined,
): Promise<string> {
  if (!clientId || !clientSecret) throw new OAuthError('invalid_client', 'oauth.invalid_client');
  const db = await getDb();
  const [client] = await db.select().from(oauthClients).where(eq(oauthClients.id, clientId)).limit(1);
  const given = digest(clientSecret);
  const stored = client ? Buffer.from(client.secretHash, 'hex') : randomBytes(32);
  if (!client || client.revokedAt || stored.length !== given.length || !timingSafeEqual(stored, given)) {
    throw new OAuthError('invalid_client', 'oauth.invalid_client');
  }
  return client.id;
}

/** Issues an access token and a refresh token of the given family (a new family for a new sign-in). */
export async function issueTokens(
  tx: DbOrTx,
  { userId, clientId, family = randomUUID() }: { userId: number; clientId: string | null; family?: string },
): Promise<TokenResponse> {
  const access = newToken();
  const refresh = newToken();
  const now = Date.now();
  const [row] = await tx
    .insert(accessTokens)
    .values({
      tokenHash: hashToken(access),
      userId,
      clientId,
      expiresAt: new Date(now + accessTokenTtlSeconds * 1000),
    })
    .returning({ id: accessTokens.id });
  await tx.insert(refreshTokens).values({
    tokenHash: hashToken(refresh),
    family,
    userId,
    clientId,
    accessTokenId: row?.id ?? null,
    expiresAt: new Date(now + refreshTokenTtlSeconds * 1000),
  });
  return {
    token_type: 'Bearer',
    expires_in: accessTokenTtlSeconds,
    access_token: access,
    refresh_token: refresh,
  };
}

/** Revokes every token of a family: the refresh tokens and the access tokens issued with them. */
async function revokeFamily(tx: DbOrTx, family: string, now: Date) {
  const revoked = await tx
    .update(refreshTokens)
    .set({ revokedAt: now })
    .where(eq(refreshTokens.family, family))
    .returning({ accessTokenId: refreshTokens.accessTokenId });
  const ids = revoked.map((r) => r.accessTokenId).filter((id): id is number => id !== null);
  if (ids.length) {
    await tx
      .update(accessTokens)
      .set({ revokedAt: now })
      .where(and(inArray(accessTokens.id, ids), isNull(accessTokens.revokedAt)));
  }
}

/**
 * Rotates a refresh token: the old one is spent and a new pair of the same family is issued. A spent
 * token presented again means it leaked, so the whole family is revoked (OAuth 2.0 Security BCP §4.14).
 */
export async function rotateRefreshToken({
  refreshToken,
  clientId,
}: {
  refreshToken: string;
  clientId: string | null;
}): Promise<TokenResponse> {
  const db = await getDb();
  const now = new Date();
  // The reuse case must commit its revocation even though the request fails, so the transaction
  // returns a verdict instead of throwing inside.
  const outcome = await db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(refreshTokens)
      .where(eq(refreshTokens.tokenHash, hashToken(refreshToken)))
      .for('update')
      .limit(1);
    if (!row || row.revokedAt || row.expiresAt <= now || (clientId !== null && row.clientId !== clientId)) {
      return { ok: false as const };
    }
    if (row.usedAt) {
      await revokeFamily(tx, row.family, now);
      return { ok: false as const };
    }
    await tx.update(refreshTokens).set({ usedAt: now }).where(eq(refreshTokens.id, row.id));
    // The access token issued with the spent refresh token is retired with it.
    if (row.accessTokenId) {
      await tx.update(accessTokens).set({ revokedAt: now }).where(eq(accessTokens.id, row.accessTokenId));
    }
    return {
      ok: true as const,
      tokens: await issueTokens(tx, { userId: row.userId, clientId: row.clientId, family: row.family }),
    };
  });
  if (!outcome.ok) throw new OAuthError('invalid_grant', 'oauth.invalid_refresh');
  return outcome.tokens;
}

/** Revokes every token of a user (after a password reset). */
export async function revokeAllTokens(tx: DbOrTx, userId: number): Promise<void> {
  const now = new Date();
  await tx
    .update(accessTokens)
    .set({ revokedAt: now })
    .where(and(eq(accessTokens.userId, userId), isNull(accessTokens.revokedAt)));
  await tx
    .update(refreshTokens)
    .set({ revokedAt: now })
    .where(and(eq(refreshTokens.userId, userId), isNull(refreshTokens.revokedAt)));
}
