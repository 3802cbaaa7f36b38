'use client';

import { useRouter } from 'next/navigation';
import { useLocale, useTranslations } from 'next-intl';
import { useTransition } from 'react';
import { type Locale, localeCookie, locales } from '@/lib/locale';

/** Saves the choice in the cookie and re-renders the same page in the new language. */
export function LanguageSwitch() {
  const current = useLocale() as Locale;
  const router = useRouter();
  const t = useTranslations('nav');
  const [pending, startTransition] = useTransition();
  const choose = (locale: Locale) => {
    if (locale === current) return;
    // biome-ignore lint/suspicious/noDocumentCookie: a plain cookie the server reads on every request
    document.cookie = `${localeCookie}=${locale}; path=/; max-age=31536000; samesite=lax`;
    startTransition(() => router.refresh());
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
