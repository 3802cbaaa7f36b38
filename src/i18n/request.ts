import { cookies, headers } from 'next/headers';
import { getRequestConfig } from 'next-intl/server';
import { defaultLocale, isLocale, localeCookie } from '@/lib/locale';
import { localeHeader } from '@/web/locale-prefix';

// An `/en/…` address is English whatever the cookie says (server.ts turns the prefix into a header);
// an unprefixed one keeps the visitor's choice from the cookie (spec §1), Polish by default.
export default getRequestConfig(async () => {
  const fromPath = (await headers()).get(localeHeader);
  const stored = isLocale(fromPath) ? fromPath : (await cookies()).get(localeCookie)?.value;
  const locale = isLocale(stored) ? stored : defaultLocale;
  return {
    locale,
    messages: (await import(`./messages/${locale}.json`)).default,
    timeZone: 'Europe/Warsaw',
  };
});
