import 'server-only';
import { getDb } from '@/db/client';
import type { TokenResponse } from '@/lib/schemas/account-responses';
import { findUserByEmail } from '@/server/accounts/find-user';
import { clearLimit, hit, isLimited, usedPoints } from '@/server/rate-limit';
import { verifyPassword } from './passwords';
import { issueTokens, OAuthError, verifyClient } from './tokens';

// Verifying against this hash when the account does not exist takes as long as a real check, so the
// answer's timing does not tell which e-mails have accounts.
const dummyHash = 'scrypt$131072$8$1$AAAAAAAAAAAAAAAAAAAAAA==$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=';

/** The counter of wrong passwords for one account from one address. */
export const accountAddressKey = (account: string, ip: string) => `${account}|${ip}`;

/**
 * Signs in with e-mail and password. Wrong passwords are limited per (account, address) - ten lock
 * that pair for 15 minutes - and per account at 100 an hour, both checked before the password is, so
 * a guesser elsewhere cannot lock the owner out and a botnet cannot guess on. Unknown addresses count
 * alike, so the limits do not tell which e-mails have accounts. An unconfirmed account is told so only
 * after the right password (spec §4 'account.not.confirmed'). An API client (`client`, the token
 * endpoint) is checked after the address's limit, so a flood past it costs no database query.
 */
export async function loginWithPassword({
  email,
  password,
  ip,
  client,
}: {
  email: string;
  password: string;
  ip: string;
  /** The API client's credentials; null for the pages' own sign-in. */
  client: { id?: string; secret?: string } | null;
}): Promise<{ tokens: TokenResponse; userId: number }> {
  const account = email.trim().toLowerCase();
  const pair = accountAddressKey(account, ip);
  await hit('loginByIp', ip);
  const clientId = client ? await verifyClient(client.id, client.secret) : null;
  const wait = Math.max(
    (await isLimited('loginFailuresByAccountAddress', pair)) ?? 0,
    (await isLimited('loginFailuresByAccount', account)) ?? 0,
  );
  if (wait > 0) throw new OAuthError('invalid_grant', 'auth.too_many_attempts', 429, undefined, wait);
  const db = await getDb();
  const user = await findUserByEmail(db, account);
  const urgent = (await usedPoints('loginFailuresByIp', ip)) === 0;
  const ok = await verifyPassword(password, user?.passwordHash ?? dummyHash, { lane: ip, urgent });
  if (!user || !ok) {
    await hit('loginFailuresByAccountAddress', pair).catch(() => {});
    await hit('loginFailuresByAccount', account).catch(() => {});
    await hit('loginFailuresByIp', ip).catch(() => {});
    throw new OAuthError('invalid_grant', 'auth.invalid_credentials');
  }
  // Only this address's counter: clearing the account's would hand a distributed guesser new tries
  // each time the owner signs in.
  await clearLimit('loginFailuresByAccountAddress', pair);
  if (!user.emailVerifiedAt) {
    throw new OAuthError('invalid_grant', 'auth.not_confirmed', 400, 'account.not.confirmed');
  }
  if (user.blockedAt) throw new OAuthError('invalid_grant', 'auth.blocked', 400, 'account.blocked');
  const tokens = await db.transaction((tx) => issueTokens(tx, { userId: user.id, clientId }));
  return { tokens, userId: user.id };
}
