import 'server-only';
import { getDb } from '@/db/client';
import type { TokenResponse } from '@/lib/schemas/account-responses';
import { findUserByEmail } from '@/server/accounts/find-user';
import { clearLimit, hit, isLimited, pause, RateLimitedError, refund, usedPoints } from '@/server/rate-limit';
import { findLoginDevice, rememberLoginDevice } from './login-devices';
import { pauseAfterFailure } from './login-throttle';
import { unmatchableHash, verifyPassword } from './passwords';
import { issueTokens, OAuthError, verifyClient } from './tokens';

/** The counter of wrong passwords for one account from one address. */
export const accountAddressKey = (account: string, ip: string) => `${account}|${ip}`;

/**
 * Where a sign-in stands before its password is checked: a known browser (login-devices.ts) meets only
 * its own counter; any other client its (account, address) counter - ten lock that pair for 15 minutes -
 * and the account's pause of a few seconds (login-throttle.ts). So a guesser elsewhere, however many
 * addresses it has, never locks the owner out, and the owner's browser is not slowed at all.
 */
async function waitBefore(device: { id: number } | null, account: string, pair: string) {
  if (device) {
    const wait = await isLimited('loginFailuresByDevice', String(device.id));
    return wait ? { seconds: wait, key: 'auth.too_many_attempts' } : null;
  }
  const locked = await isLimited('loginFailuresByAccountAddress', pair);
  if (locked) return { seconds: locked, key: 'auth.too_many_attempts' };
  const paused = await isLimited('loginPauseByAccount', account);
  return paused ? { seconds: paused, key: 'auth.slowed_down' } : null;
}

async function countFailure(device: { id: number } | null, account: string, pair: string, ip: string) {
  await hit('loginFailuresByIp', ip).catch(() => {});
  if (device) {
    await hit('loginFailuresByDevice', String(device.id)).catch(() => {});
    return;
  }
  await hit('loginFailuresByAccountAddress', pair).catch(() => {});
  const failures = await hit('loginFailuresByAccount', account).catch(() => 0);
  const seconds = pauseAfterFailure(failures);
  if (seconds > 0) await pause('loginPauseByAccount', account, seconds);
}

/**
 * Signs in with e-mail and password, both limits (waitBefore) checked before the password is. Unknown
 * addresses count alike, so the limits do not tell which e-mails have accounts. An unconfirmed account
 * is told so only after the right password (spec §4 'account.not.confirmed'). An API client (`client`,
 * the token endpoint) is checked after the address's limit, so a flood past it costs no database
 * query. `device` is the browser's device cookie; the answer's `device` is the one to set.
 */
export async function loginWithPassword({
  email,
  password,
  ip,
  client,
  device,
}: {
  email: string;
  password: string;
  ip: string;
  /** The API client's credentials; null for the pages' own sign-in. */
  client: { id?: string; secret?: string } | null;
  device?: string;
}): Promise<{ tokens: TokenResponse; userId: number; device: string }> {
  const account = email.trim().toLowerCase();
  const pair = accountAddressKey(account, ip);
  const successes = await isLimited('loginSuccessesByIp', ip);
  if (successes) throw new RateLimitedError(successes);
  await hit('loginByIp', ip);
  const clientId = client ? await verifyClient(client.id, client.secret) : null;
  const db = await getDb();
  const known = await findLoginDevice(db, { email: account, token: device });
  const wait = await waitBefore(known, account, pair);
  if (wait) throw new OAuthError('invalid_grant', wait.key, 429, undefined, wait.seconds);
  const user = await findUserByEmail(db, account);
  const urgent = (await usedPoints('loginFailuresByIp', ip)) === 0;
  const ok = await verifyPassword(password, user?.passwordHash ?? unmatchableHash(), { lane: ip, urgent });
  if (!user || !ok) {
    await countFailure(known, account, pair, ip);
    throw new OAuthError('invalid_grant', 'auth.invalid_credentials');
  }
  await refund('loginByIp', ip).catch(() => {});
  await hit('loginSuccessesByIp', ip).catch(() => {});
  // Only this address's or this browser's counter: clearing the account's would hand a distributed
  // guesser new tries each time the owner signs in.
  if (known) await clearLimit('loginFailuresByDevice', String(known.id));
  else await clearLimit('loginFailuresByAccountAddress', pair);
  if (!user.emailVerifiedAt) {
    throw new OAuthError('invalid_grant', 'auth.not_confirmed', 400, 'account.not.confirmed');
  }
  if (user.blockedAt) throw new OAuthError('invalid_grant', 'auth.blocked', 400, 'account.blocked');
  return db.transaction(async (tx) => ({
    tokens: await issueTokens(tx, { userId: user.id, clientId }),
    userId: user.id,
    device: await rememberLoginDevice(tx, { userId: user.id, token: device }),
  }));
}
