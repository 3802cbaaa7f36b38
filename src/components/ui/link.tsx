import NextLink from 'next/link';
import { useLocale } from 'next-intl';
import type { ComponentProps } from 'react';
import type { Locale } from '@/lib/locale';
import { localeHref } from '@/lib/locale-path';

/**
 * `next/link` that keeps the page's language in the address: on an English page, `/list` becomes `/en/list`
 * (issue 31). Used for every link to our own pages; a component that is neither async nor a client one may
 * still read the locale (next-intl), so this works on both sides.
 */
export function Link({ href, ...props }: ComponentProps<typeof NextLink>) {
  const locale = useLocale() as Locale;
  return <NextLink href={typeof href === 'string' ? localeHref(href, locale) : href} {...props} />;
}
