import 'server-only';
import { randomBytes } from 'node:crypto';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import { getConfig } from '@/config';
import { getDb } from '@/db/client';
import { passwordResetTokens, users } from '@/db/schema';
import { findUserByEmail } from '@/server/accounts/find-user';
import { AppError } from '@/server/errors';
import { enqueueMail, kickMailWorker } from '@/server/mail/outbox';
import { clearLimit, hit } from '@/server/rate-limit';
import { hashToken } from './access-tokens';
import { retireResetLinks, sendPasswordChangedNotice } from './credential-changes';
import { accountAddressKey } from './password-login';
import { assertNewPasswordAllowed } from './password-rules';
import { hashPassword } from './passwords';
import { revokeAllTokens } from './tokens';

const resetTtlMs = 60 * 60 * 1000;

/**
 * Mails a reset link when the address has an account; the caller answers the same either way. The new
 * link replaces any older one still unused.
 */
export async function sendPasswordReset({ email, ip }: { email: string; ip: string }): Promise<void> {
  await hit('mailByIp', ip);
  await hit('mailByEmail', `reset:${email}`);
  const db = await getDb();
  await db.transaction(async (tx) => {
    const user = await findUserByEmail(tx, email);
    if (!user) return;
    const now = new Date();
    await retireResetLinks(tx, user.id, now);
    const token = randomBytes(32).toString('base64url');
    await tx.insert(passwordResetTokens).values({
      userId: user.id,
      tokenHash: hashToken(token),
      expiresAt: new Date(now.getTime() + resetTtlMs),
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

const invalidLink = () =>
  new AppError('validation', 'auth.reset_invalid', { token: [{ key: 'auth.reset_invalid' }] });

/**
 * Sets a new password with a mailed token: single use, 60 minutes, bound to the account's e-mail, and
 * only the newest link of the account. Every session of the account is signed out, every other link
 * retired, the owner told by mail. A reset also proves the address, so it confirms it.
 */
export async function resetPassword({
  email,
  token,
  password,
  ip,
}: {
  email: string;
  token: string;
  password: string;
  ip: string;
}): Promise<void> {
  const account = email.trim().toLowerCase();
  await hit('resetByIp', ip);
  const db = await getDb();
  const tokenHash = hashToken(token);
  // The token and its e-mail are checked before the password is hashed: a bogus reset costs one
  // indexed query instead of 0.3 s of a hashing thread (30 connections of them stalled every login).
  const [live] = await db
    .select({ id: passwordResetTokens.id })
    .from(passwordResetTokens)
    .innerJoin(users, eq(users.id, passwordResetTokens.userId))
    .where(
      and(
        eq(passwordResetTokens.tokenHash, tokenHash),
        eq(sql`lower(${users.email})`, account),
        isNull(passwordResetTokens.usedAt),
        gt(passwordResetTokens.expiresAt, new Date()),
      ),
    )
    .limit(1);
  if (!live) throw invalidLink();
  // Counted only with a live link, so nobody can use up the owner's attempts by sending bogus ones.
  await hit('resetByEmail', account);
  await assertNewPasswordAllowed(password);
  const passwordHash = await hashPassword(password, { lane: ip });
  const now = new Date();
  const done = await db.transaction(async (tx) => {
    const user = await findUserByEmail(tx, account);
    if (!user) return false;
    const [spent] = await tx
      .update(passwordResetTokens)
      .set({ usedAt: now })
      .where(
        and(
          eq(passwordResetTokens.tokenHash, tokenHash),
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
    await retireResetLinks(tx, user.id, now);
    await revokeAllTokens(tx, user.id);
    await sendPasswordChangedNotice(tx, user);
    return true;
  });
  if (!done) throw invalidLink();
  kickMailWorker();
  // The owner proved the mailbox: the sign-in counters of the account start afresh.
  await clearLimit('loginFailuresByAccount', account);
  await clearLimit('loginFailuresByAccountAddress', accountAddressKey(account, ip));
}
