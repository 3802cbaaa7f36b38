import { cookies } from 'next/headers';
import { cache } from 'react';
import { type AuthUser, findUserByAccessToken, tokenCookie } from '@/server/auth/access-tokens';

/**
 * The signed-in user of a page request (the httpOnly token cookie), or null. Kept for the request
 * (React's `cache`): the layout, the page and its metadata all ask, and one token lookup serves them.
 */
export const getPageUser = cache(async (): Promise<AuthUser | null> => {
  const token = (await cookies()).get(tokenCookie)?.value;
  return token ? findUserByAccessToken(token) : null;
});
