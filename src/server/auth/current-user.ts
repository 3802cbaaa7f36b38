import { cookies } from 'next/headers';
import { type AuthUser, findUserByAccessToken, tokenCookie } from './access-tokens';

/** The signed-in user of a page request (the httpOnly token cookie), or null. */
export async function getPageUser(): Promise<AuthUser | null> {
  const token = (await cookies()).get(tokenCookie)?.value;
  return token ? findUserByAccessToken(token) : null;
}
