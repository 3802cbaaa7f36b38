import 'server-only';
import { randomBytes } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import { getConfig } from '@/config';
import { getDb } from '@/db/client';
import { newsletterSubscribers } from '@/db/schema';
import type { Locale } from '@/lib/locale';
import { hashToken } from '@/server/auth/access-tokens';
import { AppError } from '@/server/errors';
import { enqueueMail, kickMailWorker } from '@/server/mail/outbox';
import { hit } from '@/server/rate-limit';

/**
 * Double opt-in: a new address gets a confirmation link and counts only once it is opened. The
 * answer is the same for new, pending and confirmed addresses, so it tells nobody who subscribes.
 */
export async function subscribeNewsletter({
  email,
  locale,
  ip,
}: {
  email: string;
  locale: Locale;
  ip: string;
}) {
  await hit('mailByIp', ip);
  await hit('mailByEmail', `newsletter:${email}`);
  const db = await getDb();
  await db.transaction(async (tx) => {
    const [existing] = await tx
      .select()
      .from(newsletterSubscribers)
      .where(eq(newsletterSubscribers.email, email))
      .limit(1);
    if (existing?.confirmedAt) return;
    const token = randomBytes(32).toString('base64url');
    if (existing) {
      await tx
        .update(newsletterSubscribers)
        .set({ confirmTokenHash: hashToken(token), locale })
        .where(eq(newsletterSubscribers.id, existing.id));
    } else {
      await tx.insert(newsletterSubscribers).values({ email, locale, confirmTokenHash: hashToken(token) });
    }
    await enqueueMail(tx, {
      to: email,
      locale,
      template: 'newsletter_confirm',
      params: { link: `${getConfig().publicUrl}/newsletter/confirm/${token}` },
    });
  });
  kickMailWorker();
}

/** Confirms a subscription from the mailed link, once. */
export async function confirmNewsletter({ token }: { token: string }) {
  const db = await getDb();
  const [row] = await db
    .update(newsletterSubscribers)
    .set({ confirmedAt: new Date(), confirmTokenHash: null })
    .where(
      and(
        eq(newsletterSubscribers.confirmTokenHash, hashToken(token)),
        isNull(newsletterSubscribers.confirmedAt),
      ),
    )
    .returning({ id: newsletterSubscribers.id });
  if (!row)
    throw new AppError('validation', 'newsletter.link_invalid', {
      token: [{ key: 'newsletter.link_invalid' }],
    });
}
