'use client';

import { useLocale, useTranslations } from 'next-intl';
import { useEffect, useState } from 'react';
import { type Locale, localeCookie, locales } from '@/lib/locale';
import { localePath, splitLocalePath } from '@/lib/locale-path';

function saveLocale(locale: Locale) {
  // biome-ignore lint/suspicious/noDocumentCookie: a plain cookie the server reads on every request
  document.cookie = `${localeCookie}=${locale}; path=/; max-age=31536000; samesite=lax`;
}

/**
 * Goes to the same page's address in the other language (English under /en, Polish unprefixed) and
 * saves the choice in the cookie, which the unprefixed addresses follow. One button naming the other
 * language: two side by side would not fit a phone's top bar at 44 px each (issue 18).
 */
export function LanguageSwitch() {
  const current = useLocale() as Locale;
  const other = locales.find((locale) => locale !== current) ?? current;
  const t = useTranslations('nav');
  const [pending, setPending] = useState(false);
  // An /en address is English without the cookie; the cookie is set here, by the browser, so that the
  // unprefixed links of the page stay English and the page's own answer sets no cookie (which would keep
  // it out of the shared page cache). docs/decisions.md 37.
  useEffect(() => {
    if (splitLocalePath(window.location.pathname).locale !== 'en') return;
    if (!document.cookie.split('; ').includes(`${localeCookie}=en`)) saveLocale('en');
  }, []);
  const choose = () => {
    saveLocale(other);
    setPending(true);
    const { pathname, search, hash } = window.location;
    // A full load: the whole tree, the root layout's <html lang> included, changes language.
    window.location.assign(localePath(splitLocalePath(pathname).path + search + hash, other));
  };
  // Named by the code it shows ("en", read in that language), its full name as the tooltip.
  return (
    <button
      type="button"
      lang={other}
      onClick={choose}
      disabled={pending}
      title={t(`language_${other}`)}
      className="flex h-11 min-w-11 shrink-0 items-center justify-center rounded-full text-xs font-bold text-brand-700 uppercase hover:bg-slate-100"
    >
      <span className="rounded-full border border-slate-300 px-1.5 py-0.5">{other}</span>
    </button>
  );
}
