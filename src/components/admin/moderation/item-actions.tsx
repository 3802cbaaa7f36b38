'use client';

import { useRouter } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { useApi } from '@/components/hooks/use-api';
import { type ApiPath, type ApiUrl, apiUrl } from '@/lib/api-client';
import type { ReportTarget } from '@/lib/schemas/reports';

/** Each reported kind's own hide and restore calls. */
const hidePath = {
  comment: '/api/admin/comment/{id}/hide',
  place: '/api/admin/place/{id}/hide',
  event: '/api/admin/event/{id}/hide',
  message: '/api/admin/message/{id}/hide',
} as const satisfies Record<ReportTarget, ApiPath>;
const restorePath = {
  comment: '/api/admin/comment/{id}/restore',
  place: '/api/admin/place/{id}/restore',
  event: '/api/admin/event/{id}/restore',
  message: '/api/admin/message/{id}/restore',
} as const satisfies Record<ReportTarget, ApiPath>;

const button =
  'inline-flex min-h-11 items-center justify-center rounded-lg px-4 font-semibold disabled:opacity-60';

/** Hide / Dismiss for a reported item, Restore for a hidden one; the list reloads after each. */
export function ItemActions({
  target,
  targetId,
  reportId,
  hidden,
  label,
}: {
  target: ReportTarget;
  targetId: number;
  reportId: number | null;
  hidden: boolean;
  /** Names the item for screen readers ("Comment #12"). */
  label: string;
}) {
  const t = useTranslations('admin_moderation');
  const api = useApi();
  const router = useRouter();
  const [pending, setPending] = useState(false);

  const run = async (url: ApiUrl) => {
    setPending(true);
    try {
      await api(url, { method: 'POST', successToast: true });
      router.refresh();
    } catch {
      // useApi has shown the error.
    } finally {
      setPending(false);
    }
  };

  return (
    <div className="flex flex-wrap gap-2">
      {hidden ? (
        <button
          type="button"
          disabled={pending}
          onClick={() => run(apiUrl(restorePath[target], { params: { id: String(targetId) } }))}
          aria-label={`${t('restore')}: ${label}`}
          className={`${button} border border-brand-600 bg-white text-brand-700 hover:bg-brand-50`}
        >
          {t('restore')}
        </button>
      ) : (
        <button
          type="button"
          disabled={pending}
          onClick={() => run(apiUrl(hidePath[target], { params: { id: String(targetId) } }))}
          aria-label={`${t('hide')}: ${label}`}
          className={`${button} bg-red-700 text-white hover:bg-red-800`}
        >
          {t('hide')}
        </button>
      )}
      {reportId !== null && (
        <button
          type="button"
          disabled={pending}
          onClick={() => run(apiUrl('/api/admin/reports/{id}/dismiss', { params: { id: String(reportId) } }))}
          aria-label={`${t('dismiss')}: ${label}`}
          className={`${button} border border-slate-300 bg-white text-slate-800 hover:bg-slate-100`}
        >
          {t('dismiss')}
        </button>
      )}
    </div>
  );
}
