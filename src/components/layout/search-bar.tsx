'use client';

import { useRouter, useSearchParams } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { type FormEvent, type RefObject, Suspense, useEffect, useId, useRef } from 'react';
import { OptionList } from '@/components/forms/option-list';
import { Search } from '@/components/ui/icons';

interface SearchBarProps {
  categories: { id: number; name: string }[];
  /** The values of the URL the page was rendered for, so the server's HTML is already filled in. */
  initial: Record<(typeof fields)[number], string>;
}

const fields = ['search', 'localization', 'category_id'] as const;

/**
 * Keeps the fields in step with the URL after client-side navigation. It is the only part that
 * reads the URL on the client, in a Suspense boundary of its own, so the form itself is never
 * swapped for another copy: text typed while the page is still loading stays where it was typed.
 */
function FollowUrl({ form }: { form: RefObject<HTMLFormElement | null> }) {
  const params = useSearchParams();
  useEffect(() => {
    for (const key of fields) {
      const field = form.current?.elements.namedItem(key) as HTMLInputElement | HTMLSelectElement | null;
      if (field && document.activeElement !== field) field.value = params.get(key) ?? '';
    }
  }, [params, form]);
  return null;
}

/** Free text, city and category, prefilled from the current URL; Enter or the button opens /list. */
export function SearchBar({ categories, initial }: SearchBarProps) {
  const t = useTranslations('search');
  const router = useRouter();
  const id = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const query = new URLSearchParams();
    for (const key of fields) {
      const value = String(form.get(key) ?? '').trim();
      if (value) query.set(key, value);
    }
    router.push(`/list${query.size ? `?${query}` : ''}`);
  };
  return (
    <search>
      <Suspense fallback={null}>
        <FollowUrl form={formRef} />
      </Suspense>
      <form
        ref={formRef}
        onSubmit={submit}
        action="/list"
        className="mx-auto grid w-full max-w-6xl gap-2 px-4 py-3 sm:grid-cols-[minmax(0,2fr)_minmax(0,1fr)_minmax(0,1fr)_auto]"
      >
        <label className="sr-only" htmlFor={`${id}-q`}>
          {t('text')}
        </label>
        <input
          id={`${id}-q`}
          name="search"
          type="search"
          defaultValue={initial.search}
          placeholder={t('text_placeholder')}
          className="h-11 rounded-lg border border-slate-300 bg-white px-3"
        />
        <label className="sr-only" htmlFor={`${id}-city`}>
          {t('city')}
        </label>
        <input
          id={`${id}-city`}
          name="localization"
          defaultValue={initial.localization}
          placeholder={t('city_placeholder')}
          autoComplete="address-level2"
          className="h-11 rounded-lg border border-slate-300 bg-white px-3"
        />
        <label className="sr-only" htmlFor={`${id}-cat`}>
          {t('category')}
        </label>
        <select
          id={`${id}-cat`}
          name="category_id"
          defaultValue={initial.category_id}
          className="h-11 rounded-lg border border-slate-300 bg-white px-3"
        >
          <OptionList empty={t('any_category')} options={categories} />
        </select>
        <button
          type="submit"
          className="flex h-11 items-center justify-center gap-2 rounded-lg bg-brand-600 px-5 font-semibold text-white hover:bg-brand-700"
        >
          <Search aria-hidden size={18} />
          {t('submit')}
        </button>
      </form>
    </search>
  );
}
