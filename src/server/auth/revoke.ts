import { and, eq, isNull } from 'drizzle-orm';
import { getDb } from '../../db/client';
import { accessTokens, refreshTokens } from '../../db/schema';
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
