import { cookies } from 'next/headers';
import { cache } from 'react';
import { type AuthUser, findUserByAccessToken, tokenCookie } from '@/server/auth/access-tokens';
import { redirectToLogin } from '@/web/locale-redirect';

/**
 * The signed-in user of a page request (the httpOnly token cookie), or null. Kept for the request
 * (React's `cache`): the layout, the page and its metadata all ask, and one token lookup serves them.
 */
export const getPageUser = cache(async (): Promise<AuthUser | null> => {
  const token = (await cookies()).get(tokenCookie)?.value;
  return token ? findUserByAccessToken(token) : null;
});

/**
 * The company on the pages of its own places. A guest is sent to /login, and back to `path` after it;
 * anyone else signed in gets null and sees `OrganisersOnly`.
 */
export async function getPageCompany(path: string): Promise<AuthUser | null> {
  const user = await getPageUser();
  if (!user) return redirectToLogin(path);
  return user.role === 'company' ? user : null;
}
