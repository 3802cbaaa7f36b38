'use client';

import { Bell } from 'lucide-react';
import { useRouter } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { useRef, useState } from 'react';
import { useApi } from '@/components/hooks/use-api';
import { notificationsShown } from '@/lib/spec-limits';

interface Item {
  id: number;
  message: string;
  event_id: number | null;
  place_id: number | null;
}

/** At most `notificationsShown` (6) notifications; clicking one removes it and opens its event or place (spec §2, §4). */
export function NotificationsBell({ items, total }: { items: Item[]; total: number }) {
  const t = useTranslations('nav');
  const api = useApi();
  const router = useRouter();
  const menu = useRef<HTMLDetailsElement>(null);
  const [list, setList] = useState(items);
  const open = async (item: Item) => {
    setList((current) => current.filter((n) => n.id !== item.id));
    menu.current?.removeAttribute('open');
    try {
      await api(`/api/notification/${item.id}`, { method: 'DELETE', quiet: true });
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
  const count = Math.max(0, total - (items.length - list.length));
  return (
    <details ref={menu} className="relative">
      <summary
        className="relative flex h-10 w-10 cursor-pointer items-center justify-center rounded-full hover:bg-slate-100"
        aria-label={t('notifications_count', { count })}
      >
        <Bell aria-hidden size={20} />
        {count > 0 && (
          <span className="absolute -top-0.5 -right-0.5 min-w-5 rounded-full bg-accent-500 px-1 text-center text-xs font-bold text-white">
            {count}
          </span>
        )}
      </summary>
      <div className="absolute right-0 z-50 mt-2 w-72 max-w-[calc(100vw-2rem)] rounded-lg border border-slate-200 bg-white p-2 shadow-lg">
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
      </div>
    </details>
  );
}
