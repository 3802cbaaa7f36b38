import { randomBytes } from 'node:crypto';
import { and, eq, gt, isNull } from 'drizzle-orm';
import { getConfig } from '../../config';
import { getDb } from '../../db/client';
import { passwordResetTokens, users } from '../../db/schema';
import { findUserByEmail } from '../accounts/find-user';
import { AppError } from '../errors';
import { enqueueMail, kickMailWorker } from '../mail/outbox';
import { clearLimit, hit } from '../rate-limit';
import { hashToken } from './access-tokens';
import { hashPassword } from './passwords';
import { revokeAllTokens } from './tokens';

const resetTtlMs = 60 * 60 * 1000;

/** Mails a reset link when the address has an account; the caller answers the same either way. */
export async function sendPasswordReset({ email, ip }: { email: string; ip: string }): Promise<void> {
  await hit('mailByIp', ip);
  await hit('mailByEmail', `reset:${email}`);
  const db = await getDb();
  await db.transaction(async (tx) => {
    const user = await findUserByEmail(tx, email);
    if (!user) return;
    const token = randomBytes(32).toString('base64url');
    await tx.insert(passwordResetTokens).values({
      userId: user.id,
      tokenHash: hashToken(token),
      expiresAt: new Date(Date.now() + resetTtlMs),
    });
    const query = new URLSearchParams({ token, email: user.email });
    await enqueueMail(tx, {
      to: user.email,
      locale: user.locale,
      template: 'password_reset',
      params: {
        link: `${getConfig().publicUrl}/forget-password?${query}`,
        name: user.firstName ?? user.companyName,
      },
    });
  });
  kickMailWorker();
}

/**
 * Sets a new password with a mailed token: single use, 60 minutes, bound to the account's e-mail.
 * Every session of the account is signed out. A reset also proves the address, so it confirms it.
 */
export async function resetPassword({
  email,
  token,
  password,
}: {
  email: string;
  token: string;
  password: string;
}): Promise<void> {
  const db = await getDb();
  const passwordHash = await hashPassword(password);
  const now = new Date();
  const done = await db.transaction(async (tx) => {
    const user = await findUserByEmail(tx, email);
    if (!user) return false;
    const [spent] = await tx
      .update(passwordResetTokens)
      .set({ usedAt: now })
      .where(
        and(
          eq(passwordResetTokens.tokenHash, hashToken(token)),
          eq(passwordResetTokens.userId, user.id),
          isNull(passwordResetTokens.usedAt),
          gt(passwordResetTokens.expiresAt, now),
        ),
      )
      .returning({ id: passwordResetTokens.id });
    if (!spent) return false;
    await tx
      .update(users)
      .set({ passwordHash, updatedAt: now, emailVerifiedAt: user.emailVerifiedAt ?? now })
      .where(eq(users.id, user.id));
    await revokeAllTokens(tx, user.id);
    return true;
  });
  if (!done)
    throw new AppError('validation', 'auth.reset_invalid', { token: [{ key: 'auth.reset_invalid' }] });
  await clearLimit('loginFailures', email.toLowerCase());
}
