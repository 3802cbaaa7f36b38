'use client';

import { useRouter } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { useApi } from '@/components/hooks/use-api';
import { Button, type ButtonVariant } from '@/components/ui/button';
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

  // The visible word, the item named for screen readers.
  const action = (key: 'restore' | 'hide' | 'dismiss', variant: ButtonVariant, url: ApiUrl) => (
    <Button variant={variant} disabled={pending} onClick={() => run(url)} aria-label={`${t(key)}: ${label}`}>
      {t(key)}
    </Button>
  );

  return (
    <div className="flex flex-wrap gap-2">
      {hidden
        ? action('restore', 'outline', apiUrl(restorePath[target], { params: { id: String(targetId) } }))
        : action('hide', 'danger', apiUrl(hidePath[target], { params: { id: String(targetId) } }))}
      {reportId !== null &&
        action(
          'dismiss',
          'secondary',
          apiUrl('/api/admin/reports/{id}/dismiss', { params: { id: String(reportId) } }),
        )}
    </div>
  );
}
