import 'server-only';
import { randomBytes } from 'node:crypto';
import { and, desc, eq, gt, lte, notInArray, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '@/db/client';
import { loginDevices, users } from '@/db/schema';
import { hashToken } from './access-tokens';

// OWASP's "Slow Down Online Guessing Attacks with Device Cookies": a browser that signed in to an
// account with its password gets a random token in a cookie; presenting it again for that account
// exempts it from the account's throttle (login-throttle.ts), and only its own counter applies. The
// cookie proves nothing by itself: the password is checked as always.

export const deviceCookieName = 'login_device';
/** How long a browser stays known without signing in again. */
export const deviceTtlSeconds = 180 * 24 * 60 * 60;
/** Browsers kept per account: a client that keeps no cookie adds one at each sign-in, so the oldest go. */
const devicesPerAccount = 10;
const tokenPattern = /^[A-Za-z0-9_-]{43}$/;

/** The known browser presenting `token` for the account of `email` (lower-case), or null. */
export async function findLoginDevice(
  db: DbOrTx,
  { email, token }: { email: string; token: string | undefined },
): Promise<{ id: number } | null> {
  // Only a well-formed token costs a query: a flood of made-up cookies is answered from memory.
  if (!token || !tokenPattern.test(token)) return null;
  const [row] = await db
    .select({ id: loginDevices.id })
    .from(loginDevices)
    .innerJoin(users, eq(users.id, loginDevices.userId))
    .where(
      and(
        eq(loginDevices.tokenHash, hashToken(token)),
        eq(sql`lower(${users.email})`, email),
        gt(loginDevices.expiresAt, new Date()),
      ),
    )
    .limit(1);
  return row ?? null;
}

/**
 * Remembers the browser that has just signed in: its token for another half year when it was known to
 * this account, else a new token. Answers the token to put in its cookie.
 */
export async function rememberLoginDevice(
  tx: DbOrTx,
  { userId, token }: { userId: number; token: string | undefined },
): Promise<string> {
  const now = new Date();
  const expiresAt = new Date(now.getTime() + deviceTtlSeconds * 1000);
  if (token && tokenPattern.test(token)) {
    const [kept] = await tx
      .update(loginDevices)
      .set({ lastUsedAt: now, expiresAt })
      .where(
        and(
          eq(loginDevices.tokenHash, hashToken(token)),
          eq(loginDevices.userId, userId),
          gt(loginDevices.expiresAt, now),
        ),
      )
      .returning({ id: loginDevices.id });
    if (kept) return token;
  }
  const fresh = randomBytes(32).toString('base64url');
  await tx.insert(loginDevices).values({ userId, tokenHash: hashToken(fresh), expiresAt, lastUsedAt: now });
  const newest = tx
    .select({ id: loginDevices.id })
    .from(loginDevices)
    .where(eq(loginDevices.userId, userId))
    .orderBy(desc(loginDevices.lastUsedAt), desc(loginDevices.id))
    .limit(devicesPerAccount);
  await tx
    .delete(loginDevices)
    .where(
      and(
        eq(loginDevices.userId, userId),
        or(lte(loginDevices.expiresAt, now), notInArray(loginDevices.id, newest)),
      ),
    );
  return fresh;
}

/**
 * Forgets every browser of the account: after its password changes, a browser that signed in with the
 * old one (perhaps a thief's) must not keep guessing past the account's throttle.
 */
export async function forgetLoginDevices(tx: DbOrTx, userId: number): Promise<void> {
  await tx.delete(loginDevices).where(eq(loginDevices.userId, userId));
}
