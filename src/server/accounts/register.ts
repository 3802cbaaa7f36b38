import { eq } from 'drizzle-orm';
import { getDb } from '../../db/client';
import { places, premiumSettings, users } from '../../db/schema';
import type { Locale } from '../../lib/locale';
import type { RegisterUserInput } from '../../lib/schemas/account';
import type { CompanyRegistrationInput } from '../../lib/schemas/place-profile';
import { hashPassword } from '../auth/passwords';
import { fieldError } from '../errors';
import { kickMailWorker } from '../mail/outbox';
import { storeUpload, storeUploads, type Upload } from '../media/uploads';
import { writePlaceProfile } from '../places/write-place-profile';
import { hit } from '../rate-limit';
import { findUserByEmail, isUniqueViolation } from './find-user';
import { sendVerification } from './verification';

async function ensureEmailFree(email: string) {
  if (await findUserByEmail(await getDb(), email)) throw fieldError('email', 'validation.email_taken');
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
}): Promise<{ id: number }> {
  await hit('registerByIp', ip);
  await ensureEmailFree(input.email);
  const avatar = image ? await storeUpload(image, 'avatar') : null;
  const passwordHash = await hashPassword(input.password);
  const db = await getDb();
  try {
    const id = await db.transaction(async (tx) => {
      const [user] = await tx
        .insert(users)
        .values({
          email: input.email,
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
      return user.id;
    });
    kickMailWorker();
    return { id };
  } catch (error) {
    if (isUniqueViolation(error)) throw fieldError('email', 'validation.email_taken');
    throw error;
  }
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
}): Promise<{ id: number; placeId: number }> {
  await hit('registerByIp', ip);
  await ensureEmailFree(input.email);
  const db = await getDb();
  const [plan] = await db.select().from(premiumSettings).where(eq(premiumSettings.isDefault, true)).limit(1);
  // Checked before any image is stored, so a refused form leaves nothing behind.
  if (files.images.length > (plan?.imagesCount ?? 0)) {
    throw fieldError('images', 'validation.plan_images', { max: plan?.imagesCount ?? 0 });
  }
  const logo = files.logo ? await storeUpload(files.logo, 'logo') : null;
  const banner = files.banner ? await storeUpload(files.banner, 'banner') : null;
  const gallery = await storeUploads(files.images, 'photo');
  const passwordHash = await hashPassword(input.password);
  try {
    const result = await db.transaction(async (tx) => {
      const [user] = await tx
        .insert(users)
        .values({
          email: input.email,
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
      return { id: user.id, placeId: place.id };
    });
    kickMailWorker();
    return result;
  } catch (error) {
    if (isUniqueViolation(error)) throw fieldError('email', 'validation.email_taken');
    throw error;
  }
}
