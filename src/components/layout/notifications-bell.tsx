'use client';

import { useTranslations } from 'next-intl';
import { useEffect, useRef, useState } from 'react';
import { useApi } from '@/components/hooks/use-api';
import { useLiveCounts } from '@/components/hooks/use-live-counts';
import { useRouter } from '@/components/hooks/use-router';
import { useDropdown } from '@/components/ui/dropdown';
import { Bell } from '@/components/ui/icons';
import { Link } from '@/components/ui/link';
import type { NotificationResource } from '@/lib/schemas/catalogue-responses';
import { notificationsShown } from '@/lib/spec-limits';

type Item = Pick<NotificationResource, 'id' | 'message' | 'event_id' | 'place_id'>;

/**
 * At most `notificationsShown` (6) notifications; clicking one marks it read, which takes it off the
 * list, and opens its event or place (spec §2, §4, §7). The count follows the live stream. Below the
 * list: the page of all notifications and "mark all as read" (issue 29).
 */
export function NotificationsBell({ items, total }: { items: Item[]; total: number }) {
  const t = useTranslations('nav');
  const api = useApi();
  const router = useRouter();
  const menu = useDropdown();
  const [list, setList] = useState(items);
  const [count, setCount] = useState(total);
  const live = useLiveCounts()?.notifications;
  const shown = useRef(total);

  // A new notification (or one read in another tab) changes the count: the list follows it.
  useEffect(() => {
    if (live === undefined || live === shown.current) return;
    shown.current = live;
    setCount(live);
    api('/api/notification', { quiet: true })
      .then((fresh) => setList(fresh.data))
      .catch(() => {});
  }, [live, api]);

  const open = async (item: Item) => {
    setList((current) => current.filter((n) => n.id !== item.id));
    setCount((current) => Math.max(0, current - 1));
    shown.current = Math.max(0, shown.current - 1);
    menu.current?.removeAttribute('open');
    try {
      await api('/api/notification', { query: { read: item.id }, quiet: true });
    } finally {
      const target = item.event_id
        ? `/event/${item.event_id}`
        : item.place_id
          ? `/places/${item.place_id}`
          : null;
      if (target) router.push(target);
      router.refresh();
    }
  };

  // Issue 29: one call marks every unread one read; the list empties at once, the count follows.
  const markAll = async () => {
    setList([]);
    setCount(0);
    shown.current = 0;
    try {
      await api('/api/notification/read_all', { method: 'POST', quiet: true });
    } finally {
      router.refresh();
    }
  };
  return (
    <details ref={menu} className="relative">
      <summary
        className="relative flex h-11 w-11 shrink-0 cursor-pointer items-center justify-center rounded-full hover:bg-slate-100"
        aria-label={t('notifications_count', { count })}
      >
        <Bell aria-hidden size={20} />
        {count > 0 && (
          <span className="absolute top-0 right-0 min-w-5 rounded-full bg-accent-500 px-1 text-center text-xs font-bold text-white">
            {count}
          </span>
        )}
      </summary>
      {/* On a phone the bell sits mid-bar, so the list spans the bar (the header is its containing block). */}
      <div className="fixed inset-x-2 top-14 z-50 mt-2 rounded-lg border border-slate-200 bg-white p-2 shadow-lg sm:absolute sm:inset-x-auto sm:top-auto sm:right-0 sm:w-72">
        {list.length === 0 ? (
          <p className="p-3 text-sm text-slate-500">{t('notifications_empty')}</p>
        ) : (
          <ul>
            {list.slice(0, notificationsShown).map((n) => (
              <li key={n.id}>
                <button
                  type="button"
                  onClick={() => open(n)}
                  className="w-full rounded-md p-2 text-left text-sm hover:bg-slate-100"
                >
                  {n.message}
                </button>
              </li>
            ))}
          </ul>
        )}
        <div className="mt-1 flex flex-wrap items-center justify-between gap-1 border-t border-slate-200 pt-1">
          <Link
            href="/notifications"
            onClick={() => menu.current?.removeAttribute('open')}
            className="rounded-md p-2 text-sm font-medium text-brand-700 underline-offset-2 hover:underline"
          >
            {t('notifications_all')}
          </Link>
          {count > 0 && (
            <button
              type="button"
              onClick={markAll}
              className="rounded-md p-2 text-sm text-slate-700 hover:bg-slate-100"
            >
              {t('notifications_mark_all')}
            </button>
          )}
        </div>
      </div>
    </details>
  );
}
