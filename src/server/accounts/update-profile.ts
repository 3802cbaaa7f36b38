import 'server-only';
import { and, asc, eq, ne, sql } from 'drizzle-orm';
import { getConfig } from '@/config';
import { getDb } from '@/db/client';
import { places, users } from '@/db/schema';
import type { Locale } from '@/lib/locale';
import type { UpdateUserInput } from '@/lib/schemas/account';
import type { PlaceProfileInput } from '@/lib/schemas/place-profile';
import { isUniqueViolation } from '@/server/accounts/find-user';
import { sendVerification } from '@/server/accounts/verification';
import type { AuthUser } from '@/server/auth/access-tokens';
import {
  assertCurrentPassword,
  retireResetLinks,
  revokeOtherSessions,
  sendPasswordChangedNotice,
} from '@/server/auth/credential-changes';
import { forgetLoginDevices } from '@/server/auth/login-devices';
import { assertNewPasswordAllowed } from '@/server/auth/password-rules';
import { hashPassword } from '@/server/auth/passwords';
import { conflict, fieldError, forbidden, notFound } from '@/server/errors';
import { enqueueMail, kickMailWorker } from '@/server/mail/outbox';
import { saveWithImages, type Upload } from '@/server/media/uploads';
import { type PlaceUploads, savePlaceProfile } from '@/server/places/save-place-profile';

/** Who may edit which profile form: one's own, the user form for attendees, the company form for companies. */
export function authorizeProfileEdit(actor: AuthUser, userId: number, form: 'user' | 'company'): void {
  if (actor.id !== userId) throw forbidden();
  if (form === 'user' ? actor.role === 'company' : actor.role !== 'company') throw forbidden();
}

/**
 * Spec §5 user form, edit. A new e-mail must be confirmed again (and the old address is told), so an
 * account cannot be moved silently to an address its owner does not hold. A new password or e-mail
 * needs the current password and signs out every other session; a new password is told to the owner.
 * An account without a password sets its first one only through a mailed link (sendPasswordLink).
 */
export async function updateUserProfile({
  actor,
  userId,
  input,
  image,
  locale,
}: {
  actor: AuthUser;
  userId: number;
  input: UpdateUserInput;
  image?: Upload;
  locale: Locale;
}): Promise<void> {
  authorizeProfileEdit(actor, userId, 'user');
  const db = await getDb();
  const [stored] = await db
    .select({ email: users.email, passwordHash: users.passwordHash })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  if (!stored) throw notFound();
  const newEmail = stored.email.toLowerCase() !== input.email;
  if (input.password || newEmail) {
    await assertCurrentPassword({
      userId,
      stored: stored.passwordHash,
      given: input.current_password,
      passwordChanged: Boolean(input.password),
      emailChanged: newEmail,
    });
  }
  if (input.password) await assertNewPasswordAllowed(input.password);
  const [taken] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(sql`lower(${users.email})`, input.email), ne(users.id, userId)))
    .limit(1);
  if (taken) throw fieldError('email', 'validation.email_taken');
  const passwordHash = input.password ? await hashPassword(input.password, { lane: `user:${userId}` }) : null;
  try {
    await saveWithImages(async (stage) => {
      const avatar = image ? await stage(image, 'avatar') : null;
      return db.transaction(async (tx) => {
        const [current] = await tx.select().from(users).where(eq(users.id, userId)).for('update').limit(1);
        if (!current) throw notFound();
        // The current password was checked against the row read above; a change to the login in
        // between (another tab) would let this save skip that check, so it is refused.
        if (current.email !== stored.email || current.passwordHash !== stored.passwordHash)
          throw conflict('api.changed_meanwhile');
        const emailChanged = current.email.toLowerCase() !== input.email;
        await tx
          .update(users)
          .set({
            firstName: input.first_name,
            lastName: input.last_name,
            city: input.city,
            email: input.email,
            locale,
            ...(input.mail_updates === undefined ? {} : { mailUpdates: input.mail_updates }),
            ...(avatar ? { imageUrl: avatar.url } : {}),
            ...(passwordHash ? { passwordHash } : {}),
            ...(emailChanged ? { emailVerifiedAt: null } : {}),
            updatedAt: new Date(),
          })
          .where(eq(users.id, userId));
        if (emailChanged || passwordHash) {
          const now = new Date();
          await revokeOtherSessions(tx, { userId, keepAccessTokenId: actor.accessTokenId, now });
          if (passwordHash) {
            await retireResetLinks(tx, userId, now);
            await forgetLoginDevices(tx, userId);
            await sendPasswordChangedNotice(tx, current);
          }
        }
        if (emailChanged) {
          await sendVerification(tx, { id: userId, email: input.email, locale, name: input.first_name });
          await enqueueMail(tx, {
            to: current.email,
            locale: current.locale,
            template: 'email_changed',
            params: { link: `${getConfig().publicUrl}/contact`, name: current.firstName },
          });
        }
      });
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw fieldError('email', 'validation.email_taken');
    throw error;
  }
  kickMailWorker();
}

/** Spec §5 company form, edit: the login fields and password are not part of it; the place is. */
export async function updateCompanyProfile({
  actor,
  userId,
  input,
  files,
}: {
  actor: AuthUser;
  userId: number;
  input: PlaceProfileInput;
  files: PlaceUploads;
}): Promise<{ placeId: number }> {
  authorizeProfileEdit(actor, userId, 'company');
  const db = await getDb();
  const [place] = await db
    .select({ id: places.id })
    .from(places)
    .where(eq(places.userId, userId))
    .orderBy(asc(places.id))
    .limit(1);
  if (!place) throw notFound();
  await savePlaceProfile({
    companyId: userId,
    input,
    files,
    save: async ({ tx, writeProfile }) => {
      await writeProfile(place.id);
      await tx.update(users).set({ city: input.city, updatedAt: new Date() }).where(eq(users.id, userId));
    },
  });
  return { placeId: place.id };
}
