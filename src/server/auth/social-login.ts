import 'server-only';
import { eq, or, sql } from 'drizzle-orm';
import { getDb } from '@/db/client';
import { users } from '@/db/schema';
import type { TokenResponse } from '@/lib/schemas/account-responses';
import type { SocialIdentity } from './social/identity';
import { issueTokens } from './tokens';

/** A social account nobody has registered yet: the page prefills /register with this (spec §4). */
export class SocialPreRegistration extends Error {
  constructor(
    readonly data: {
      first_name: string | null;
      last_name: string | null;
      email: string | null;
      provider: string;
    },
  ) {
    super('social pre-registration');
  }
}

/** A moderator has blocked the account: no sign-in (the route answers 'auth.blocked'). */
export class AccountBlockedError extends Error {
  constructor() {
    super('account blocked');
  }
}

/**
 * Signs in the account linked to the provider's id, or links the account whose e-mail the provider
 * has verified. Anything else is a newcomer, answered with the data to prefill the registration.
 */
export async function loginWithSocial({
  identity,
  clientId,
}: {
  identity: SocialIdentity;
  clientId: string | null;
}): Promise<{ tokens: TokenResponse; userId: number }> {
  const db = await getDb();
  const idColumn = identity.provider === 'google' ? users.googleId : users.facebookId;
  const email = identity.emailVerified && identity.email ? identity.email.toLowerCase() : null;
  return db.transaction(async (tx) => {
    const candidates = await tx
      .select()
      .from(users)
      .where(
        email
          ? or(eq(idColumn, identity.subject), eq(sql`lower(${users.email})`, email))
          : eq(idColumn, identity.subject),
      )
      .limit(2);
    const user =
      candidates.find(
        (u) => (identity.provider === 'google' ? u.googleId : u.facebookId) === identity.subject,
      ) ?? candidates[0];
    if (!user) {
      throw new SocialPreRegistration({
        first_name: identity.firstName,
        last_name: identity.lastName,
        email: identity.email,
        provider: identity.provider,
      });
    }
    if (user.blockedAt) throw new AccountBlockedError();
    const now = new Date();
    await tx
      .update(users)
      .set({
        ...(identity.provider === 'google'
          ? { googleId: identity.subject }
          : { facebookId: identity.subject }),
        // The provider has verified this address, which is what the confirmation mail would prove.
        ...(user.emailVerifiedAt || !email ? {} : { emailVerifiedAt: now }),
        updatedAt: now,
      })
      .where(eq(users.id, user.id));
    return { tokens: await issueTokens(tx, { userId: user.id, clientId }), userId: user.id };
  });
}
