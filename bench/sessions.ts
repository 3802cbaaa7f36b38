import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { openPglite, openPostgres } from '@/db/client';
import { accessTokens, users } from '@/db/schema';
import { hashToken, tokenCookie } from '@/server/auth/access-tokens';

/**
 * Issue 32: `count` signed-in visitors for the benchmark's signed-in rows, as a `Cookie` header each: a
 * confirmed attendee account with a live access token, written straight into the benchmark's database
 * before the portal starts (the embedded one, DATA_DIR/pglite as the portal keeps it, admits one process at
 * a time). The pages read the token
 * cookie exactly as they read the one /api/session sets.
 */
export async function benchSessions(
  { databaseUrl, dataDir }: { databaseUrl: string; dataDir: string },
  count: number,
): Promise<string[]> {
  const handle = databaseUrl
    ? await openPostgres(databaseUrl, { max: 1 })
    : await openPglite({ dataDir: path.join(dataDir, 'pglite') });
  try {
    const run = `${Date.now()}`;
    return await handle.db.transaction(async (tx) => {
      const created = await tx
        .insert(users)
        .values(
          Array.from({ length: count }, (_, i) => ({
            email: `bench-visitor-${i}-${run}@example.com`,
            role: 'user' as const,
            firstName: 'Bench',
            lastName: `Visitor ${i}`,
            emailVerifiedAt: new Date(),
          })),
        )
        .returning({ id: users.id });
      const tokens = created.map(() => randomBytes(32).toString('hex'));
      await tx.insert(accessTokens).values(
        created.map((user, i) => ({
          userId: user.id,
          tokenHash: hashToken(tokens[i] as string),
          expiresAt: new Date(Date.now() + 6 * 3_600_000),
        })),
      );
      return tokens.map((token) => `${tokenCookie}=${token}`);
    });
  } finally {
    await handle.close();
  }
}
