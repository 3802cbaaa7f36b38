import 'server-only';
import { randomBytes } from 'node:crypto';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import { getConfig } from '@/config';
import { type DbOrTx, getDb } from '@/db/client';
import { emailVerificationTokens, users } from '@/db/schema';
import type { Locale } from '@/lib/locale';
import { hashToken } from '@/server/auth/access-tokens';
import { AppError } from '@/server/errors';
import { enqueueMail, kickMailWorker } from '@/server/mail/outbox';
import { hit } from '@/server/rate-limit';
import { publishConfirmedOwner } from './unconfirmed';

const verificationTtlMs = 48 * 60 * 60 * 1000;

/** Creates a confirmation token for the user and queues the mail with its link, in the caller's transaction. */
export async function sendVerification(
  tx: DbOrTx,
  user: { id: number; email: string; locale: Locale; name: string | null },
): Promise<void> {
  const token = randomBytes(32).toString('base64url');
  await tx.insert(emailVerificationTokens).values({
    userId: user.id,
    tokenHash: hashToken(token),
    expiresAt: new Date(Date.now() + verificationTtlMs),
  });
  await enqueueMail(tx, {
    to: user.email,
    locale: user.locale,
    template: 'verify_email',
    params: { link: `${getConfig().publicUrl}/user/verify/${token}`, name: user.name },
  });
}

/** Confirms an account once; an unknown, used or expired link is refused. */
export async function confirmEmail({ token }: { token: string }): Promise<void> {
  const db = await getDb();
  const now = new Date();
  const confirmed = await db.transaction(async (tx) => {
    const [row] = await tx
      .update(emailVerificationTokens)
      .set({ usedAt: now })
      .where(
        and(
          eq(emailVerificationTokens.tokenHash, hashToken(token)),
          isNull(emailVerificationTokens.usedAt),
          gt(emailVerificationTokens.expiresAt, now),
        ),
      )
      .returning({ userId: emailVerificationTokens.userId });
    if (!row) return false;
    await tx
      .update(users)
      .set({
        emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, ${now.toISOString()}::timestamptz)`,
        updatedAt: now,
      })
      .where(eq(users.id, row.userId));
    await publishConfirmedOwner(tx, row.userId);
    return true;
  });
  if (!confirmed)
    throw new AppError('validation', 'auth.verify_invalid', { token: [{ key: 'auth.verify_invalid' }] });
}

/**
 * Sends a new confirmation link to an unconfirmed account. The answer never says whether the
 * address has an account (no enumeration): the caller answers the same in every case.
 */
export async function resendVerification({ email, ip }: { email: string; ip: string }): Promise<void> {
  await hit('mailByIp', ip);
  await hit('mailByEmail', `verify:${email}`);
  const db = await getDb();
  await db.transaction(async (tx) => {
    const [user] = await tx
      .select()
      .from(users)
      .where(eq(sql`lower(${users.email})`, email.toLowerCase()))
      .limit(1);
    if (!user || user.emailVerifiedAt) return;
    await sendVerification(tx, { id: user.id, email: user.email, locale: user.locale, name: user.firstName });
  });
  kickMailWorker();
}
