'use client';

import { useRouter } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { useApi } from '@/components/hooks/use-api';
import { Button } from '@/components/ui/button';
import { Check, Trash2 } from '@/components/ui/icons';
import { Link } from '@/components/ui/link';
import { toast } from '@/components/ui/toasts';
import { UnreadBadge } from '@/components/ui/unread-badge';

export interface NotificationRow {
  id: number;
  message: string;
  /** The event's or the place's page, or null for one that points nowhere (a cancelled event). */
  href: string | null;
  read: boolean;
  createdAt: string;
  /** `createdAt` as the reader sees it (DD.MM.YYYY HH:mm, Warsaw). */
  time: string;
}

/**
 * Issue 29: one page of all notifications, newest first. An unread one is marked by a word and a dot as
 * well as by weight and a border, so the marker does not rest on colour alone; opening one marks it read
 * as the bell does. Deleting one and "mark all as read" call the API, then the page is read again.
 */
export function NotificationList({ rows, unread }: { rows: NotificationRow[]; unread: number }) {
  const t = useTranslations('notifications_page');
  const api = useApi();
  const router = useRouter();
  const [busy, setBusy] = useState(false);

  const remove = async (row: NotificationRow) => {
    setBusy(true);
    try {
      await api('/api/notification/{id}', { method: 'DELETE', params: { id: row.id } });
      toast.success(t('deleted'));
      router.refresh();
    } catch {
      // useApi has toasted the error.
    } finally {
      setBusy(false);
    }
  };
  const markAll = async () => {
    setBusy(true);
    try {
      await api('/api/notification/read_all', { method: 'POST' });
      toast.success(t('marked_all'));
      router.refresh();
    } catch {
      // useApi has toasted the error.
    } finally {
      setBusy(false);
    }
  };
  const opened = (row: NotificationRow) => {
    if (!row.read) api('/api/notification', { query: { read: row.id }, quiet: true }).catch(() => {});
  };

  return (
    <>
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
        <p className="text-slate-700" data-unread-count={unread}>
          {t('unread_count', { count: unread })}
        </p>
        {unread > 0 && (
          <Button variant="secondary" size="compact" onClick={markAll} disabled={busy}>
            <Check aria-hidden size={18} />
            {t('mark_all')}
          </Button>
        )}
      </div>
      <ul className="divide-y divide-slate-200 overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm">
        {rows.map((row) => {
          const text = (
            <span className={`break-words ${row.read ? 'text-slate-700' : 'font-bold text-slate-900'}`}>
              {row.message}
            </span>
          );
          return (
            <li
              key={row.id}
              data-notification={row.id}
              data-read={row.read}
              className={`flex items-start gap-3 border-l-4 px-4 py-4 sm:px-6 ${row.read ? 'border-transparent' : 'border-brand-600 bg-brand-50'}`}
            >
              <div className="flex min-w-0 flex-1 flex-col gap-1">
                {row.href ? (
                  <Link href={row.href} onClick={() => opened(row)} className="min-w-0 hover:underline">
                    {text}
                  </Link>
                ) : (
                  text
                )}
                <span className="flex flex-wrap items-center gap-2">
                  {!row.read && <UnreadBadge>{t('unread')}</UnreadBadge>}
                  <time dateTime={row.createdAt} className="text-sm text-slate-600">
                    {row.time}
                  </time>
                </span>
              </div>
              <button
                type="button"
                onClick={() => remove(row)}
                disabled={busy}
                aria-label={t('delete_label', { message: row.message })}
                className="flex h-11 w-11 shrink-0 items-center justify-center rounded-lg text-slate-600 hover:bg-slate-100 hover:text-red-700 disabled:opacity-60"
              >
                <Trash2 aria-hidden size={18} />
              </button>
            </li>
          );
        })}
      </ul>
    </>
  );
}
