import 'server-only';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import { getDb } from '@/db/client';
import { accessTokens, refreshTokens } from '@/db/schema';
import { hashToken } from './access-tokens';

/** Revokes an access token and the refresh tokens issued with it, in one transaction. */
export async function revokeAccessToken(token: string): Promise<void> {
  const db = await getDb();
  const now = new Date();
  await db.transaction(async (tx) => {
    const revoked = await tx
      .update(accessTokens)
      .set({ revokedAt: now })
      .where(and(eq(accessTokens.tokenHash, hashToken(token)), isNull(accessTokens.revokedAt)))
      .returning({ id: accessTokens.id });
    for (const { id } of revoked) {
      await tx
        .update(refreshTokens)
        .set({ revokedAt: now })
        .where(and(eq(refreshTokens.accessTokenId, id), isNull(refreshTokens.revokedAt)));
    }
  });
}

/** Revokes the whole sign-in a refresh token belongs to (logout from the pages). */
export async function revokeRefreshFamily(token: string): Promise<void> {
  const db = await getDb();
  const now = new Date();
  await db.transaction(async (tx) => {
    const [row] = await tx
      .select({ family: refreshTokens.family })
      .from(refreshTokens)
      .where(eq(refreshTokens.tokenHash, hashToken(token)))
      .limit(1);
    if (!row) return;
    const revoked = await tx
      .update(refreshTokens)
      .set({ revokedAt: now })
      .where(eq(refreshTokens.family, row.family))
      .returning({ accessTokenId: refreshTokens.accessTokenId });
    const ids = revoked.map((r) => r.accessTokenId).filter((id): id is number => id !== null);
    if (ids.length)
      await tx.update(accessTokens).set({ revokedAt: now }).where(inArray(accessTokens.id, ids));
  });
}
