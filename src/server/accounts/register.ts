import 'server-only';
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { getConfig } from '@/config';
import { getDb } from '@/db/client';
import { places, users } from '@/db/schema';
import type { Locale } from '@/lib/locale';
import type { RegisterUserInput } from '@/lib/schemas/account';
import type { CompanyRegistrationInput } from '@/lib/schemas/place-profile';
import { assertNewPasswordAllowed } from '@/server/auth/password-rules';
import { hashPassword } from '@/server/auth/passwords';
import { enqueueMail, kickMailWorker } from '@/server/mail/outbox';
import { saveWithImages, type Upload } from '@/server/media/uploads';
import { homeAdDraft } from '@/server/payments/buy';
import { insertOrder } from '@/server/payments/place-order';
import { type PlaceUploads, savePlaceProfile } from '@/server/places/save-place-profile';
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

/** The new account's credentials, and the last step of its transaction: undo it if the address was taken. */
interface NewAccount {
  email: string;
  passwordHash: string;
  rollBackIfTaken: () => void;
}

/**
 * What every sign-up does around its own rows: the limits per address and e-mail, the password rules,
 * the hash, and a taken address answered like a new one (the rows are written under a throwaway
 * address, then rolled back by `rollBackIfTaken`, and the owner is mailed).
 */
async function signUp(
  { email, password, ip }: { email: string; password: string; ip: string },
  save: (account: NewAccount) => Promise<unknown>,
): Promise<void> {
  await hit('registerByIp', ip);
  await hit('registerByEmail', email);
  await assertNewPasswordAllowed(password);
  const taken = (await findUserByEmail(await getDb(), email)) !== null;
  const passwordHash = await hashPassword(password, { lane: ip });
  const account: NewAccount = {
    email: taken ? throwawayAddress() : email,
    passwordHash,
    rollBackIfTaken: () => {
      if (taken) throw new AddressTaken();
    },
  };
  await settleRegistration(save(account), email);
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
  const db = await getDb();
  await signUp({ email: input.email, password: input.password, ip }, (account) =>
    saveWithImages(async (stage) => {
      const avatar = image ? await stage(image, 'avatar') : null;
      return db.transaction(async (tx) => {
        const [user] = await tx
          .insert(users)
          .values({
            email: account.email,
            passwordHash: account.passwordHash,
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
        account.rollBackIfTaken();
        return user.id;
      });
    }),
  );
}

/** Spec §7 POST /api/company: the organiser's account and its first place, in one transaction. */
export async function registerCompany({
  input,
  files,
  locale,
  ip,
}: {
  input: CompanyRegistrationInput;
  files: PlaceUploads;
  locale: Locale;
  ip: string;
}): Promise<void> {
  await signUp({ email: input.email, password: input.password, ip }, (account) =>
    savePlaceProfile({
      companyId: null,
      input: { ...input, preloaded: [] },
      files,
      save: async ({ tx, plan, writeProfile }) => {
        const [user] = await tx
          .insert(users)
          .values({
            email: account.email,
            passwordHash: account.passwordHash,
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
            // Not public until the owner confirms the address (unconfirmed.ts): hidden at the account's
            // creation instant, read in SQL, since a JavaScript Date would drop its microseconds.
            hiddenAt: sql`(select ${users.createdAt} from ${users} where ${users.id} = ${user.id})`,
          })
          .returning({ id: places.id });
        if (!place) throw new Error('place insert returned nothing');
        await writeProfile(place.id);
        // The home-page ad box: the order waits, unpaid, until the organiser has confirmed the address
        // and signed in (the profile's orders pay it); the answer stays the same either way, so it
        // tells nobody whether the address was already taken.
        if (input.home_ad_name) {
          await insertOrder(tx, {
            buyerId: user.id,
            draft: await homeAdDraft(tx, { name: input.home_ad_name, placeId: place.id, weeks: 1, locale }),
            customerIp: ip,
            locale,
          });
        }
        await sendVerification(tx, { id: user.id, email: input.email, locale, name: input.company_name });
        account.rollBackIfTaken();
        return { id: user.id, placeId: place.id };
      },
    }),
  );
}
