'use client';

import { useTranslations } from 'next-intl';

/** Apply and Reset; in the drawer they stay in reach while the fields scroll. */
export function FilterActions({
  wide,
  pending,
  onReset,
}: {
  wide: boolean;
  pending: boolean;
  onReset: () => void;
}) {
  const t = useTranslations('list.filters');
  return (
    <div
      className={`flex gap-2 ${wide ? '' : 'sticky bottom-0 -mx-4 -mb-4 border-t border-slate-200 bg-white px-4 py-3'}`}
    >
      <button
        type="submit"
        aria-busy={pending}
        className="flex h-11 flex-1 items-center justify-center gap-2 rounded-lg bg-brand-600 px-4 font-semibold text-white hover:bg-brand-700"
      >
        {pending && (
          <span
            aria-hidden
            className="h-4 w-4 animate-spin rounded-full border-2 border-white border-t-transparent"
          />
        )}
        {t('apply')}
      </button>
      <button
        type="button"
        onClick={onReset}
        className="h-11 rounded-lg border border-slate-300 bg-white px-4 font-semibold text-slate-700 hover:bg-slate-50"
      >
        {t('reset')}
      </button>
    </div>
  );
}
