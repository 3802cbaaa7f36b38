import { headers } from 'next/headers';
import { forbidden } from 'next/navigation';
import type { AuthUser } from '@/server/auth/access-tokens';
import { redirectToLogin } from '@/web/locale-redirect';
import { getPageUser } from './page-user';

/**
 * The admin of an /admin page request: anonymous visitors go to /login and back, signed-in non-admins
 * get the 403 page. Every page of the area calls it (the layout alone would not stop a page's own data
 * loading), and every admin API call checks the role again on its own.
 */
export async function requireAdminPage(): Promise<AuthUser> {
  const user = await getPageUser();
  if (!user) {
    // server.ts hands the pages the requested address (the layout's search bar reads it the same way).
    const url = (await headers()).get('x-portal-url') ?? '/admin';
    return redirectToLogin(url);
  }
  if (user.role !== 'admin') forbidden();
  return user;
}
