'use client';

import { useTranslations } from 'next-intl';
import { Button } from '@/components/ui/button';

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
      <Button type="submit" aria-busy={pending} className="flex-1">
        {pending && (
          <span
            aria-hidden
            className="h-4 w-4 animate-spin rounded-full border-2 border-white border-t-transparent"
          />
        )}
        {t('apply')}
      </Button>
      <Button variant="secondary" onClick={onReset}>
        {t('reset')}
      </Button>
    </div>
  );
}
