'use client';

import { useTranslations } from 'next-intl';
import {
  type ChangeEvent,
  Fragment,
  type KeyboardEvent,
  type ReactNode,
  useEffect,
  useId,
  useRef,
  useState,
} from 'react';
import type { Locale } from '@/lib/locale';
import type { FieldErrors } from './field-errors';

const tabLanguages: Locale[] = ['pl', 'en'];

/**
 * Binds a panel's control to the text kept for it while its tab is not shown. `onChange` takes an
 * input's change event, or the new text itself (the description editor gives its HTML).
 */
export type BindText = (name: string) => {
  name: string;
  value: string;
  onChange: (change: ChangeEvent<HTMLInputElement | HTMLTextAreaElement> | string) => void;
};

/**
 * Binds a panel's list of texts (sent as `name[]`, a `TextListField`) to the list kept for it while its tab is
 * not shown: the list starts from `initial` and reports each change through `onChange`.
 */
export type BindList = (name: string) => {
  name: string;
  initial: string[];
  onChange: (values: string[]) => void;
};

const noFields: Record<Locale, string[]> = { pl: [], en: [] };

const sameList = (a: readonly string[] | undefined, b: readonly string[]) =>
  a !== undefined && a.length === b.length && a.every((v, i) => v === b[i]);

/** Whether a field, or an entry of a list field (`name.3`), has a message. */
const hasError = (errors: FieldErrors, field: string) =>
  Object.entries(errors).some(
    ([key, messages]) => (key === field || key.startsWith(`${field}.`)) && messages.length,
  );

/**
 * Issue 31: an organiser's texts in Polish and English, one tab each (WAI-ARIA tabs: arrows, Home and End move
 * between them). Only the shown panel's controls are on the page, so every label names one control; the other
 * panel's texts and lists travel as hidden inputs, and a save sends both. When the server refuses a field of
 * the hidden panel, that panel is shown so its message is seen.
 */
export function LanguageTabs({
  fieldsOf = noFields,
  listsOf = noFields,
  initial = {},
  initialLists = {},
  errors,
  children,
}: {
  /** The form names of each panel's single texts. */
  fieldsOf?: Record<Locale, string[]>;
  /** The form names of each panel's lists of texts. */
  listsOf?: Record<Locale, string[]>;
  initial?: Record<string, string | undefined>;
  initialLists?: Record<string, string[] | undefined>;
  errors: FieldErrors;
  children: (lang: Locale, bind: BindText, bindList: BindList) => ReactNode;
}) {
  const t = useTranslations('content');
  const id = useId();
  const [active, setActive] = useState<Locale>('pl');
  const [texts, setTexts] = useState<Record<string, string>>(() => {
    const all: Record<string, string> = Object.create(null);
    for (const name of tabLanguages.flatMap((lang) => fieldsOf[lang])) all[name] = initial[name] ?? '';
    return all;
  });
  const [lists, setLists] = useState<Record<string, string[]>>(() => {
    const all: Record<string, string[]> = Object.create(null);
    for (const name of tabLanguages.flatMap((lang) => listsOf[lang])) all[name] = initialLists[name] ?? [];
    return all;
  });
  const tabs = useRef<Partial<Record<Locale, HTMLButtonElement | null>>>({});

  // On new errors only (not on every change of tab, or the organiser could not leave a tab with an error; nor
  // when a form checks again and finds the same ones).
  const seenErrors = useRef('');
  useEffect(() => {
    const seen = JSON.stringify(errors);
    if (seen === seenErrors.current) return;
    seenErrors.current = seen;
    const failed = (lang: Locale) => [...fieldsOf[lang], ...listsOf[lang]].some((f) => hasError(errors, f));
    setActive((current) => (failed(current) ? current : (tabLanguages.find(failed) ?? current)));
  }, [errors, fieldsOf, listsOf]);

  const bind: BindText = (name) => ({
    name,
    value: texts[name] ?? '',
    onChange: (change) => {
      const value = typeof change === 'string' ? change : change.target.value;
      setTexts((all) => ({ ...all, [name]: value }));
    },
  });

  const bindList: BindList = (name) => ({
    name,
    initial: lists[name] ?? [],
    // The list reports what it holds after each change (and once on mounting): kept unless it is the same.
    onChange: (values) => setLists((all) => (sameList(all[name], values) ? all : { ...all, [name]: values })),
  });

  const onKeyDown = (event: KeyboardEvent) => {
    const at = tabLanguages.indexOf(active);
    const last = tabLanguages.length - 1;
    const to: Record<string, number> = {
      ArrowRight: at === last ? 0 : at + 1,
      ArrowLeft: at === 0 ? last : at - 1,
      Home: 0,
      End: last,
    };
    const next = event.key in to ? tabLanguages[to[event.key] as number] : undefined;
    if (!next) return;
    event.preventDefault();
    setActive(next);
    tabs.current[next]?.focus();
  };

  return (
    <div>
      <p id={`${id}-hint`} className="mb-2 text-sm text-slate-600">
        {t('tab_hint')}
      </p>
      <div
        role="tablist"
        aria-label={t('tabs')}
        aria-describedby={`${id}-hint`}
        className="flex gap-1 border-b border-slate-300"
      >
        {tabLanguages.map((lang) => (
          <button
            key={lang}
            ref={(el) => {
              tabs.current[lang] = el;
            }}
            type="button"
            role="tab"
            id={`${id}-tab-${lang}`}
            aria-selected={active === lang}
            aria-controls={`${id}-panel`}
            tabIndex={active === lang ? 0 : -1}
            onClick={() => setActive(lang)}
            onKeyDown={onKeyDown}
            className="-mb-px min-h-11 rounded-t-lg border border-transparent px-4 text-sm font-medium text-slate-700 aria-selected:border-slate-300 aria-selected:border-b-white aria-selected:bg-white aria-selected:text-slate-900"
          >
            {t(`tab.${lang}`)}
          </button>
        ))}
      </div>
      <div
        role="tabpanel"
        id={`${id}-panel`}
        aria-labelledby={`${id}-tab-${active}`}
        className="space-y-4 pt-4"
      >
        {/* Keyed by language: a panel's controls never carry the other panel's state over. */}
        <Fragment key={active}>{children(active, bind, bindList)}</Fragment>
      </div>
      {tabLanguages
        .filter((lang) => lang !== active)
        .flatMap((lang) => fieldsOf[lang])
        .map((name) => (
          <input key={name} type="hidden" name={name} value={texts[name] ?? ''} />
        ))}
      {tabLanguages
        .filter((lang) => lang !== active)
        .flatMap((lang) => listsOf[lang])
        .flatMap((name) =>
          (lists[name] ?? [])
            .filter((value) => value.trim() !== '')
            .map((value, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: stateless hidden inputs, in the list's own order
              <input key={`${name}-${i}`} type="hidden" name={`${name}[]`} value={value} />
            )),
        )}
    </div>
  );
}
