'use client';

import { useRouter as useNextRouter } from 'next/navigation';
import { useLocale } from 'next-intl';
import { useMemo } from 'react';
import type { Locale } from '@/lib/locale';
import { localeHref } from '@/lib/locale-path';

/**
 * Next.js's router, keeping the page's language in the addresses it goes to: `push('/list')` on an English
 * page goes to `/en/list` (issue 31). Every client navigation to our own pages goes through this one.
 */
export function useRouter(): ReturnType<typeof useNextRouter> {
  const router = useNextRouter();
  const locale = useLocale() as Locale;
  return useMemo(
    () => ({
      ...router,
      push: (href, options) => router.push(localeHref(href, locale), options),
      replace: (href, options) => router.replace(localeHref(href, locale), options),
    }),
    [router, locale],
  );
}
