import 'server-only';
import { redirect } from 'next/navigation';
import { getLocale } from 'next-intl/server';
import type { Locale } from '@/lib/locale';
import { localeHref } from '@/lib/locale-path';
import { loginPath } from '@/lib/next-path';

/** Sends the visitor to one of our pages in the language of the page asked for (issue 31). */
export async function redirectTo(path: string): Promise<never> {
  redirect(localeHref(path, (await getLocale()) as Locale));
}

/** Sends the visitor to sign in, and back to `path` afterwards, both in the language of the page asked for. */
export async function redirectToLogin(path: string): Promise<never> {
  const locale = (await getLocale()) as Locale;
  redirect(localeHref(loginPath(localeHref(path, locale)), locale));
}
