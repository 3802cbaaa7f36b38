'use client';

import { Search } from 'lucide-react';
import { useRouter, useSearchParams } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { type FormEvent, useId } from 'react';

interface SearchBarProps {
  categories: { id: number; name: string }[];
}

/** Free text, city and category, prefilled from the current URL; Enter or the button opens /list. */
export function SearchBar(props: SearchBarProps) {
  const params = useSearchParams();
  return <SearchBarForm {...props} params={params} />;
}

/**
 * The same form before the URL is known (the server render of a dynamic page streams the part that
 * reads the URL later): used as the Suspense fallback so the page does not jump when it arrives.
 */
export function SearchBarForm({ categories, params }: SearchBarProps & { params?: URLSearchParams | null }) {
  const t = useTranslations('search');
  const router = useRouter();
  const id = useId();
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const query = new URLSearchParams();
    for (const key of ['search', 'localization', 'category_id']) {
      const value = String(form.get(key) ?? '').trim();
      if (value) query.set(key, value);
    }
    router.push(`/list${query.size ? `?${query}` : ''}`);
  };
  return (
    <search>
      <form
        onSubmit={submit}
        className="mx-auto grid w-full max-w-6xl gap-2 px-4 py-3 sm:grid-cols-[2fr_1fr_1fr_auto]"
      >
        <label className="sr-only" htmlFor={`${id}-q`}>
          {t('text')}
        </label>
        <input
          id={`${id}-q`}
          name="search"
          type="search"
          defaultValue={params?.get('search') ?? ''}
          placeholder={t('text_placeholder')}
          className="h-11 rounded-lg border border-slate-300 bg-white px-3"
        />
        <label className="sr-only" htmlFor={`${id}-city`}>
          {t('city')}
        </label>
        <input
          id={`${id}-city`}
          name="localization"
          defaultValue={params?.get('localization') ?? ''}
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
          defaultValue={params?.get('category_id') ?? ''}
          className="h-11 rounded-lg border border-slate-300 bg-white px-3"
        >
          <option value="">{t('any_category')}</option>
          {categories.map((c) => (
            <option key={c.id} value={c.id}>
              {c.name}
            </option>
          ))}
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
