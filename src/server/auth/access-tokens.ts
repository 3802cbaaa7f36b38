import 'server-only';
import { createHash } from 'node:crypto';
import { and, eq, gt, isNull } from 'drizzle-orm';
import { getDb } from '@/db/client';
import { accessTokens, users } from '@/db/schema';

export const tokenCookie = 'token';

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export interface AuthUser {
  id: number;
  email: string;
  role: 'user' | 'company' | 'admin';
  firstName: string | null;
  lastName: string | null;
  companyName: string | null;
  premiumSettingId: number | null;
  /** The access token of this request: a password or e-mail change keeps this session and ends the others. */
  accessTokenId: number;
}

/** The user behind a live (unexpired, unrevoked) access token, or null. One indexed query. */
export async function findUserByAccessToken(token: string): Promise<AuthUser | null> {
  if (!token || token.length > 200) return null;
  const db = await getDb();
  const [row] = await db
    .select({
      id: users.id,
      email: users.email,
      role: users.role,
      firstName: users.firstName,
      lastName: users.lastName,
      companyName: users.companyName,
      premiumSettingId: users.premiumSettingId,
      accessTokenId: accessTokens.id,
    })
    .from(accessTokens)
    .innerJoin(users, eq(users.id, accessTokens.userId))
    .where(
      and(
        eq(accessTokens.tokenHash, hashToken(token)),
        isNull(accessTokens.revokedAt),
        gt(accessTokens.expiresAt, new Date()),
        // A blocked account's tokens are revoked too; this also refuses one that slipped through.
        isNull(users.blockedAt),
      ),
    )
    .limit(1);
  return row ?? null;
}
