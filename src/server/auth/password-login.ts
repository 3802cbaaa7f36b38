import { getDb } from '../../db/client';
import { findUserByEmail } from '../accounts/find-user';
import { clearLimit, hit, isLimited } from '../rate-limit';
import { verifyPassword } from './passwords';
import { issueTokens, OAuthError, type TokenResponse } from './tokens';

// Verifying against this hash when the account does not exist takes as long as a real check, so the
// answer's timing does not tell which e-mails have accounts.
const dummyHash = 'scrypt$131072$8$1$AAAAAAAAAAAAAAAAAAAAAA==$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=';

/**
 * Signs in with e-mail and password. Ten wrong passwords in a row lock the account's sign-in for
 * 15 minutes, checked before the password is; an unconfirmed account is told so only after the
 * right password (spec §4 'account.not.confirmed').
 */
export async function loginWithPassword({
  email,
  password,
  ip,
  clientId,
}: {
  email: string;
  password: string;
  ip: string;
  clientId: string | null;
}): Promise<{ tokens: TokenResponse; userId: number }> {
  const account = email.trim().toLowerCase();
  await hit('loginByIp', ip);
  if (await isLimited('loginFailures', account)) {
    throw new OAuthError('invalid_grant', 'auth.too_many_attempts', 429);
  }
  const db = await getDb();
  const user = await findUserByEmail(db, account);
  const ok = await verifyPassword(password, user?.passwordHash ?? dummyHash);
  if (!user || !ok) {
    await hit('loginFailures', account).catch(() => {});
    throw new OAuthError('invalid_grant', 'auth.invalid_credentials');
  }
  await clearLimit('loginFailures', account);
  if (!user.emailVerifiedAt) {
    throw new OAuthError('invalid_grant', 'auth.not_confirmed', 400, 'account.not.confirmed');
  }
  const tokens = await db.transaction((tx) => issueTokens(tx, { userId: user.id, clientId }));
  return { tokens, userId: user.id };
}
