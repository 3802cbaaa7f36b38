'use client';

import { useTranslations } from 'next-intl';
import { useSyncExternalStore } from 'react';
import { loadingStore } from '@/components/hooks/loading-store';

export function LoadingOverlay() {
  const pending = useSyncExternalStore(loadingStore.subscribe, loadingStore.get, () => 0);
  const t = useTranslations('common');
  if (pending === 0) return null;
  return (
    <div
      className="fixed inset-0 z-[100] flex items-center justify-center bg-white/60 backdrop-blur-[1px]"
      role="status"
      aria-live="polite"
    >
      <span className="h-12 w-12 animate-spin rounded-full border-4 border-brand-500 border-t-transparent" />
      <span className="sr-only">{t('loading')}</span>
    </div>
  );
}
