import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { getConfig } from '@/config';
import { getDb } from '@/db/client';
import { places, premiumSettings, users } from '@/db/schema';
import type { Locale } from '@/lib/locale';
import type { RegisterUserInput } from '@/lib/schemas/account';
import type { CompanyRegistrationInput } from '@/lib/schemas/place-profile';
import { assertNewPasswordAllowed } from '@/server/auth/password-rules';
import { hashPassword } from '@/server/auth/passwords';
import { fieldError } from '@/server/errors';
import { enqueueMail, kickMailWorker } from '@/server/mail/outbox';
import { saveWithImages, stageAll, type Upload } from '@/server/media/uploads';
import { writePlaceProfile } from '@/server/places/write-place-profile';
import { hit } from '@/server/rate-limit';
import { findUserByEmail, isUniqueViolation } from './find-user';
import { sendVerification } from './verification';

// A sign-up with an address that already has an account answers exactly like a new one, so the form
// cannot tell which addresses have accounts (ASVS 6.3.8). It does the same work - the password is
// hashed, the images encoded, the rows written and every check of a new sign-up made - in a transaction
// that is rolled back (under a throwaway address, as the real one is taken), and the owner of the
// address is mailed instead: sign in, or reset the password.
class AddressTaken extends Error {}

const throwawayAddress = () => `${randomUUID()}@registration.invalid`;

async function sendRegistrationAttempt(email: string): Promise<void> {
  const db = await getDb();
  await db.transaction(async (tx) => {
    const owner = await findUserByEmail(tx, email);
    if (!owner) return;
    await enqueueMail(tx, {
      to: owner.email,
      locale: owner.locale,
      template: 'registration_attempt',
      params: {
        link: `${getConfig().publicUrl}/forget-password`,
        name: owner.firstName ?? owner.companyName,
      },
    });
  });
  kickMailWorker();
}

/** After a sign-up's save: a taken address (found first, or lost in a race) mails its owner instead. */
async function settleRegistration(save: Promise<unknown>, email: string): Promise<void> {
  try {
    await save;
    kickMailWorker();
  } catch (error) {
    if (!(error instanceof AddressTaken) && !isUniqueViolation(error)) throw error;
    await sendRegistrationAttempt(email);
  }
}

/** Spec §7 POST /api/user: an attendee account, unconfirmed until the mailed link is opened. */
export async function registerUser({
  input,
  image,
  locale,
  ip,
}: {
  input: RegisterUserInput;
  image?: Upload;
  locale: Locale;
  ip: string;
}): Promise<void> {
  await hit('registerByIp', ip);
  await hit('registerByEmail', input.email);
  await assertNewPasswordAllowed(input.password);
  const db = await getDb();
  const taken = (await findUserByEmail(db, input.email)) !== null;
  const passwordHash = await hashPassword(input.password, { lane: ip });
  await settleRegistration(
    saveWithImages(async (stage) => {
      const avatar = image ? await stage(image, 'avatar') : null;
      return db.transaction(async (tx) => {
        const [user] = await tx
          .insert(users)
          .values({
            email: taken ? throwawayAddress() : input.email,
            passwordHash,
            role: 'user',
            firstName: input.first_name,
            lastName: input.last_name,
            city: input.city,
            imageUrl: avatar?.url ?? null,
            locale,
          })
          .returning({ id: users.id });
        if (!user) throw new Error('user insert returned nothing');
        await sendVerification(tx, { id: user.id, email: input.email, locale, name: input.first_name });
        if (taken) throw new AddressTaken();
        return user.id;
      });
    }),
    input.email,
  );
}

export interface CompanyUploads {
  logo?: Upload;
  banner?: Upload;
  images: Upload[];
}

/** Spec §7 POST /api/company: the organiser's account and its first place, in one transaction. */
export async function registerCompany({
  input,
  files,
  locale,
  ip,
}: {
  input: CompanyRegistrationInput;
  files: CompanyUploads;
  locale: Locale;
  ip: string;
}): Promise<void> {
  await hit('registerByIp', ip);
  await hit('registerByEmail', input.email);
  await assertNewPasswordAllowed(input.password);
  const db = await getDb();
  const [plan] = await db.select().from(premiumSettings).where(eq(premiumSettings.isDefault, true)).limit(1);
  // Checked before any image is stored, so a refused form leaves nothing behind.
  if (files.images.length > (plan?.imagesCount ?? 0)) {
    throw fieldError('images', 'validation.plan_images', { max: plan?.imagesCount ?? 0 });
  }
  const taken = (await findUserByEmail(db, input.email)) !== null;
  const passwordHash = await hashPassword(input.password, { lane: ip });
  await settleRegistration(
    saveWithImages(async (stage) => {
      const logo = files.logo ? await stage(files.logo, 'logo') : null;
      const banner = files.banner ? await stage(files.banner, 'banner') : null;
      const gallery = await stageAll(stage, files.images, 'photo');
      return db.transaction(async (tx) => {
        const [user] = await tx
          .insert(users)
          .values({
            email: taken ? throwawayAddress() : input.email,
            passwordHash,
            role: 'company',
            companyName: input.company_name,
            city: input.city,
            locale,
            premiumSettingId: plan?.id ?? null,
            eventsLeft: plan?.availableEvents ?? 0,
          })
          .returning({ id: users.id });
        if (!user) throw new Error('user insert returned nothing');
        const [place] = await tx
          .insert(places)
          .values({
            userId: user.id,
            name: input.name,
            city: input.city,
            street: input.street,
            postcode: input.postcode,
          })
          .returning({ id: places.id });
        if (!place) throw new Error('place insert returned nothing');
        await writePlaceProfile(tx, {
          placeId: place.id,
          input: { ...input, preloaded: [] },
          images: { logoUrl: logo?.url, bannerUrl: banner?.url, gallery: gallery.map((g) => g.url) },
          plan: plan ?? null,
        });
        await sendVerification(tx, { id: user.id, email: input.email, locale, name: input.company_name });
        if (taken) throw new AddressTaken();
        return { id: user.id, placeId: place.id };
      });
    }),
    input.email,
  );
}
