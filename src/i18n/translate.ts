import { createTranslator } from 'use-intl/core';
import type { Locale } from '@/lib/locale';
import en from './messages/en.json';
import pl from './messages/pl.json';

// The message files are imported, not read from disk. Inside the Next.js build the next-intl plugin
// precompiles them and swaps use-intl's formatter for one that reads only precompiled messages; under
// tsx (the API, mails, jobs) they stay ICU strings and the full formatter parses them. use-intl's own
// translator reads both, so a text a page renders and the same text the API sends are one formatting.
const translators = {
  pl: createTranslator({ locale: 'pl', messages: pl, onError: () => {} }),
  en: createTranslator({ locale: 'en', messages: en, onError: () => {} }),
};

type Translator = (key: string, params: Record<string, string | number>) => string;
type Lookup = { has: (key: string) => boolean };

/**
 * Server-side lookup for texts outside React (API errors, mails, notifications), with ICU arguments
 * (`{name}`, plurals). A key missing in the locale falls back to Polish, then to the key itself.
 */
export function translate(locale: Locale, key: string, params: Record<string, string | number> = {}): string {
  for (const t of [translators[locale], translators.pl]) {
    if ((t as unknown as Lookup).has(key)) return (t as unknown as Translator)(key, params);
  }
  return key;
}
