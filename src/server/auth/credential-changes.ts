import 'server-only';
import { and, eq, isNull, ne, notInArray } from 'drizzle-orm';
import { getConfig } from '@/config';
import type { DbOrTx } from '@/db/client';
import { accessTokens, passwordResetTokens, refreshTokens } from '@/db/schema';
import type { Locale } from '@/lib/locale';
import { AppError, fieldError } from '@/server/errors';
import { enqueueMail } from '@/server/mail/outbox';
import { hit, isLimited, RateLimitedError } from '@/server/rate-limit';
import { verifyPassword } from './passwords';

// What guards and what follows a change of the password or the login e-mail.

/**
 * A new password or e-mail needs the current password, so a session left open or stolen cannot take
 * the account over. An account without one (made by social sign-in) gets its first password only
 * through a link mailed to its address (password-reset.ts), and cannot change its e-mail before: the
 * session alone proves nothing. Wrong current passwords count on their own limit per account, not on
 * the sign-in's, so a thief guessing here neither guesses for long nor locks the owner out of signing in.
 */
export async function assertCurrentPassword({
  userId,
  stored,
  given,
  passwordChanged,
  emailChanged,
}: {
  userId: number;
  stored: string | null;
  given: string | undefined;
  passwordChanged: boolean;
  emailChanged: boolean;
}): Promise<void> {
  if (stored === null) {
    const fields: Record<string, { key: string }[]> = {};
    if (passwordChanged) fields.password = [{ key: 'validation.first_password_by_link' }];
    if (emailChanged) fields.email = [{ key: 'validation.current_password_none' }];
    throw new AppError('validation', 'api.validation', fields);
  }
  if (!given) throw fieldError('current_password', 'validation.current_password_required');
  const key = String(userId);
  const wait = await isLimited('currentPasswordFailuresByAccount', key);
  if (wait) throw new RateLimitedError(wait, 'auth.too_many_current_password');
  if (!(await verifyPassword(given, stored, { lane: `user:${userId}` }))) {
    await hit('currentPasswordFailuresByAccount', key).catch(() => {});
    throw fieldError('current_password', 'validation.current_password_wrong');
  }
}

/**
 * Makes every unused reset link of the account unusable: a newer link replaces the older ones, and a
 * changed password ends them all. Marked as used, which is what the reset checks.
 */
export async function retireResetLinks(tx: DbOrTx, userId: number, now: Date): Promise<void> {
  await tx
    .update(passwordResetTokens)
    .set({ usedAt: now })
    .where(and(eq(passwordResetTokens.userId, userId), isNull(passwordResetTokens.usedAt)));
}

/**
 * Signs out every session of the user but the one making the change: other access tokens, and every
 * refresh-token family but the current one (a stolen refresh token must not outlive the change).
 */
export async function revokeOtherSessions(
  tx: DbOrTx,
  { userId, keepAccessTokenId, now }: { userId: number; keepAccessTokenId: number | null; now: Date },
): Promise<void> {
  const kept =
    keepAccessTokenId === null
      ? []
      : await tx
          .select({ family: refreshTokens.family })
          .from(refreshTokens)
          .where(and(eq(refreshTokens.accessTokenId, keepAccessTokenId), eq(refreshTokens.userId, userId)));
  const families = kept.map((r) => r.family);
  await tx
    .update(refreshTokens)
    .set({ revokedAt: now })
    .where(
      and(
        eq(refreshTokens.userId, userId),
        isNull(refreshTokens.revokedAt),
        families.length ? notInArray(refreshTokens.family, families) : undefined,
      ),
    );
  await tx
    .update(accessTokens)
    .set({ revokedAt: now })
    .where(
      and(
        eq(accessTokens.userId, userId),
        isNull(accessTokens.revokedAt),
        keepAccessTokenId === null ? undefined : ne(accessTokens.id, keepAccessTokenId),
      ),
    );
}

/** Tells the owner the password was changed, and what to do if it was not them (ASVS 6.3.7). */
export async function sendPasswordChangedNotice(
  tx: DbOrTx,
  user: { email: string; locale: Locale; firstName: string | null; companyName: string | null },
): Promise<void> {
  await enqueueMail(tx, {
    to: user.email,
    locale: user.locale,
    template: 'password_changed',
    params: { link: `${getConfig().publicUrl}/forget-password`, name: user.firstName ?? user.companyName },
  });
}
