'use client';

import dynamic from 'next/dynamic';
import { useSearchParams } from 'next/navigation';
import { useLocale, useTranslations } from 'next-intl';
import { type FormEvent, type RefObject, Suspense, useEffect, useId, useRef } from 'react';
import { OptionList } from '@/components/forms/option-list';
import { useRouter } from '@/components/hooks/use-router';
import { Button } from '@/components/ui/button';
import { Search } from '@/components/ui/icons';
import type { Locale } from '@/lib/locale';
import { localeHref } from '@/lib/locale-path';

// Rendered by the server; its code loads after the page's first JavaScript (date-chips.tsx).
const SearchBarDates = dynamic(() => import('./date-chips').then((m) => m.SearchBarDates));

interface SearchBarProps {
  categories: { id: number; name: string }[];
  /** The values of the URL the page was rendered for, so the server's HTML is already filled in. */
  initial: Record<(typeof fields)[number] | 'date_from' | 'date_end' | 'open_now', string>;
}

const fields = ['search', 'localization', 'category_id'] as const;
// The events tab of /list (list-url.ts; not imported, to keep the list's code out of every page).
const eventsHash = '#event_type';
const inputClass = 'h-11 min-w-0 rounded-lg border border-slate-300 bg-white px-3';

/**
 * Keeps the fields in step with the URL after client-side navigation. It is the only part that
 * reads the URL on the client, in a Suspense boundary of its own, so the form itself is never
 * swapped for another copy: text typed while the page is still loading stays where it was typed.
 */
function FollowUrl({ form }: { form: RefObject<HTMLFormElement | null> }) {
  const params = useSearchParams();
  // The server filled the fields in from this same URL: only a later navigation rewrites them, so what
  // was chosen while the page was still loading stays.
  const seen = useRef(params.toString());
  useEffect(() => {
    const previous = seen.current;
    seen.current = params.toString();
    if (previous === seen.current) return;
    for (const key of fields) {
      const field = form.current?.elements.namedItem(key) as HTMLInputElement | HTMLSelectElement | null;
      if (field && document.activeElement !== field) field.value = params.get(key) ?? '';
    }
  }, [params, form]);
  return null;
}

/**
 * Free text, city, category, the dates and "open now" (issue 30), prefilled from the current URL; Enter or the button
 * opens /list, on its events tab when dates are chosen. On a phone the button sits beside the text and
 * city and category share a row, so the dates still leave room for the first result.
 */
export function SearchBar({ categories, initial }: SearchBarProps) {
  const t = useTranslations('search');
  const locale = useLocale() as Locale;
  const router = useRouter();
  const id = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const query = new URLSearchParams();
    for (const key of [...fields, 'date_from', 'date_end', 'open_now']) {
      const value = String(form.get(key) ?? '').trim();
      if (value) query.set(key, value);
    }
    // Dates ask for events; "open now" asks for places (the default tab), with the events on now beside.
    const dated = query.has('date_from') || query.has('date_end');
    router.push(`/list${query.size ? `?${query}` : ''}${dated ? eventsHash : ''}`);
  };
  return (
    <search>
      <Suspense fallback={null}>
        <FollowUrl form={formRef} />
      </Suspense>
      <form
        ref={formRef}
        onSubmit={submit}
        action={localeHref('/list', locale)}
        className="mx-auto grid w-full max-w-6xl grid-cols-[minmax(0,1fr)_minmax(0,1fr)_auto] gap-2 px-4 py-3 sm:grid-cols-[minmax(0,2fr)_minmax(0,1fr)_minmax(0,1fr)_auto]"
      >
        <input
          aria-label={t('text')}
          name="search"
          type="search"
          defaultValue={initial.search}
          placeholder={t('text_placeholder')}
          className={`${inputClass} col-span-2 sm:col-span-1`}
        />
        <input
          aria-label={t('city')}
          name="localization"
          defaultValue={initial.localization}
          placeholder={t('city_placeholder')}
          autoComplete="address-level2"
          className={inputClass}
        />
        <select
          aria-label={t('category')}
          name="category_id"
          defaultValue={initial.category_id}
          className={`${inputClass} col-span-2 sm:col-span-1`}
        >
          <OptionList empty={t('any_category')} options={categories} />
        </select>
        <div className="col-span-3 sm:col-span-4">
          <SearchBarDates
            id={id}
            initial={{ date_from: initial.date_from, date_end: initial.date_end, open_now: initial.open_now }}
            inputClass={inputClass}
          />
        </div>
        <Button type="submit" className="col-start-3 row-start-1 sm:col-start-4">
          <Search aria-hidden size={18} />
          <span className="max-sm:sr-only">{t('submit')}</span>
        </Button>
      </form>
    </search>
  );
}
