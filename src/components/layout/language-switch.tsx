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
 * saves the choice in the cookie, which the unprefixed addresses follow.
 */
export function LanguageSwitch() {
  const current = useLocale() as Locale;
  const t = useTranslations('nav');
  const [pending, setPending] = useState(false);
  // An /en address is English without the cookie; the cookie is set here, by the browser, so that the
  // unprefixed links of the page stay English and the page's own answer sets no cookie (which would keep
  // it out of the shared page cache). docs/decisions.md 37.
  useEffect(() => {
    if (splitLocalePath(window.location.pathname).locale !== 'en') return;
    if (!document.cookie.split('; ').includes(`${localeCookie}=en`)) saveLocale('en');
  }, []);
  const choose = (locale: Locale) => {
    if (locale === current) return;
    saveLocale(locale);
    setPending(true);
    const { pathname, search, hash } = window.location;
    // A full load: the whole tree, the root layout's <html lang> included, changes language.
    window.location.assign(localePath(splitLocalePath(pathname).path + search + hash, locale));
  };
  return (
    <fieldset className="flex items-center rounded-full border border-slate-200 bg-white p-0.5 text-xs font-semibold">
      <legend className="sr-only">{t('language')}</legend>
      {locales.map((locale) => (
        <button
          key={locale}
          type="button"
          lang={locale}
          onClick={() => choose(locale)}
          disabled={pending}
          aria-pressed={locale === current}
          className={`rounded-full px-2 py-1 uppercase ${locale === current ? 'bg-brand-600 text-white' : 'text-slate-600 hover:bg-slate-100'}`}
        >
          {locale}
        </button>
      ))}
    </fieldset>
  );
}
