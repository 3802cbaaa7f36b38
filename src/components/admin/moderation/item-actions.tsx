'use client';

import { useRouter } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { useApi } from '@/components/hooks/use-api';
import { Button, type ButtonVariant } from '@/components/ui/button';
import { type ApiPath, type ApiUrl, apiUrl } from '@/lib/api-client';
import type { ReportTarget } from '@/lib/schemas/reports';

/** Each reported kind's own hide and restore calls. */
const moderationPath = (target: ReportTarget, verb: 'hide' | 'restore') =>
  `/api/admin/${target}/{id}/${verb}` as const satisfies ApiPath;

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
        ? action(
            'restore',
            'outline',
            apiUrl(moderationPath(target, 'restore'), { params: { id: String(targetId) } }),
          )
        : action(
            'hide',
            'danger',
            apiUrl(moderationPath(target, 'hide'), { params: { id: String(targetId) } }),
          )}
      {reportId !== null &&
        action(
          'dismiss',
          'secondary',
          apiUrl('/api/admin/reports/{id}/dismiss', { params: { id: String(reportId) } }),
        )}
    </div>
  );
}
