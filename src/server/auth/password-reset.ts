import 'server-only';
import { randomBytes } from 'node:crypto';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import { getConfig } from '@/config';
import { type DbOrTx, getDb } from '@/db/client';
import { passwordResetTokens, type User, users } from '@/db/schema';
import { findUserByEmail } from '@/server/accounts/find-user';
import { AppError, notFound } from '@/server/errors';
import { enqueueMail, kickMailWorker } from '@/server/mail/outbox';
import { clearLimit, hit } from '@/server/rate-limit';
import { hashToken } from './access-tokens';
import { retireResetLinks, sendPasswordChangedNotice } from './credential-changes';
import { forgetLoginDevices, rememberLoginDevice } from './login-devices';
import { accountAddressKey } from './password-login';
import { assertNewPasswordAllowed } from './password-rules';
import { hashPassword } from './passwords';
import { revokeAllTokens } from './tokens';

const resetTtlMs = 60 * 60 * 1000;

/**
 * A new link for the account, mailed to its address: `password_set` for an account without a password
 * (its first one), `password_reset` otherwise. The new link replaces any older one still unused.
 */
async function mailPasswordLink(
  tx: DbOrTx,
  user: Pick<User, 'id' | 'email' | 'locale' | 'firstName' | 'companyName' | 'passwordHash'>,
): Promise<void> {
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
    template: user.passwordHash === null ? 'password_set' : 'password_reset',
    params: {
      link: `${getConfig().publicUrl}/forget-password?${query}`,
      name: user.firstName ?? user.companyName,
    },
  });
}

/** Mails a reset link when the address has an account; the caller answers the same either way. */
export async function sendPasswordReset({ email, ip }: { email: string; ip: string }): Promise<void> {
  await hit('mailByIp', ip);
  await hit('mailByEmail', `reset:${email}`);
  const db = await getDb();
  await db.transaction(async (tx) => {
    const user = await findUserByEmail(tx, email);
    if (user) await mailPasswordLink(tx, user);
  });
  kickMailWorker();
}

/**
 * Mails the signed-in account a link to set its password, to the address it has now. This is how an
 * account made by social sign-in gets its first password: its session, perhaps stolen, cannot set one
 * (credential-changes.ts), the mailbox's owner can. Limited with the reset mails of the address.
 */
export async function sendPasswordLink({ userId, ip }: { userId: number; ip: string }): Promise<string> {
  await hit('mailByIp', ip);
  const db = await getDb();
  const [user] = await db.select().from(users).where(eq(users.id, userId)).limit(1);
  if (!user) throw notFound();
  await hit('mailByEmail', `reset:${user.email.toLowerCase()}`);
  await db.transaction((tx) => mailPasswordLink(tx, user));
  kickMailWorker();
  return user.email;
}

const invalidLink = () =>
  new AppError('validation', 'auth.reset_invalid', { token: [{ key: 'auth.reset_invalid' }] });

/**
 * Sets a new password with a mailed token: single use, 60 minutes, bound to the account's e-mail, and
 * only the newest link of the account. Every session of the account is signed out, every other link
 * and known browser forgotten, the owner told by mail. A reset also proves the address, so it confirms
 * it, and the browser that made it becomes the account's known browser: answered is its device token
 * (login-devices.ts), with which it signs in even while guessers slow the account down.
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
}): Promise<{ device: string }> {
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
    if (!user) return null;
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
    if (!spent) return null;
    await tx
      .update(users)
      .set({ passwordHash, updatedAt: now, emailVerifiedAt: user.emailVerifiedAt ?? now })
      .where(eq(users.id, user.id));
    await retireResetLinks(tx, user.id, now);
    await revokeAllTokens(tx, user.id);
    await forgetLoginDevices(tx, user.id);
    await sendPasswordChangedNotice(tx, user);
    return { userId: user.id, device: await rememberLoginDevice(tx, { userId: user.id, token: undefined }) };
  });
  if (!done) throw invalidLink();
  kickMailWorker();
  // The owner proved the mailbox: the account's counters start afresh.
  await clearLimit('loginFailuresByAccount', account);
  await clearLimit('loginPauseByAccount', account);
  await clearLimit('loginFailuresByAccountAddress', accountAddressKey(account, ip));
  await clearLimit('currentPasswordFailuresByAccount', String(done.userId));
  return { device: done.device };
}
