import 'server-only';
import { and, eq, isNull, ne, notInArray } from 'drizzle-orm';
import { getConfig } from '@/config';
import type { DbOrTx } from '@/db/client';
import { accessTokens, passwordResetTokens, refreshTokens } from '@/db/schema';
import type { Locale } from '@/lib/locale';
import { fieldError } from '@/server/errors';
import { enqueueMail } from '@/server/mail/outbox';
import { hit, isLimited, RateLimitedError } from '@/server/rate-limit';
import { verifyPassword } from './passwords';

// What guards and what follows a change of the password or the login e-mail.

/**
 * A new password or e-mail needs the current password, so a session left open or stolen cannot take
 * the account over. Wrong ones count with wrong sign-ins of the account, so this is no side door for
 * guessing. An account made by social sign-in has no password: it may set a first one without, but
 * must set one before it changes its e-mail (the provider sign-in is not re-checked here, and setting
 * the password mails the owner a notice).
 */
export async function assertCurrentPassword({
  account,
  stored,
  given,
  emailChanged,
  lane,
}: {
  account: string;
  stored: string | null;
  given: string | undefined;
  emailChanged: boolean;
  lane: string;
}): Promise<void> {
  if (stored === null) {
    if (emailChanged) throw fieldError('current_password', 'validation.current_password_none');
    return;
  }
  if (!given) throw fieldError('current_password', 'validation.current_password_required');
  const key = account.toLowerCase();
  const wait = await isLimited('loginFailuresByAccount', key);
  if (wait) throw new RateLimitedError(wait);
  if (!(await verifyPassword(given, stored, { lane }))) {
    await hit('loginFailuresByAccount', key).catch(() => {});
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
