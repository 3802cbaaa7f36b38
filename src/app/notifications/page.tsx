import { connection } from 'next/server';
import { getLocale, getTranslations } from 'next-intl/server';
import { Pagination } from '@/components/list/pagination';
import { NotificationList, type NotificationRow } from '@/components/notifications/notification-list';
import { titled } from '@/i18n/page-title';
import { formatDateTime } from '@/lib/format';
import type { Locale } from '@/lib/locale';
import type { NotificationResource } from '@/lib/schemas/catalogue-responses';
import { countNotifications, listAllNotifications } from '@/server/notifications/list-notifications';
import { redirectTo, redirectToLogin } from '@/web/locale-redirect';
import { getPageUser } from '@/web/page-user';

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

export const generateMetadata = titled('notifications_page.title');

/** `?page=N`: a whole number from 1; anything else is the first page (the domain clamps one past the end). */
function requestedPage(value: string | string[] | undefined): number {
  const raw = [value].flat()[0] ?? '';
  return /^[1-9]\d{0,5}$/.test(raw) ? Number(raw) : 1;
}

const pageHref = (page: number) => (page > 1 ? `/notifications?page=${page}` : '/notifications');

/** Where a notification leads, as the bell opens it (spec §2): its event, else its place. */
function targetOf(n: NotificationResource): string | null {
  if (n.event_id) return `/event/${n.event_id}`;
  if (n.place_id) return `/places/${n.place_id}`;
  return null;
}

/**
 * Issue 29 /notifications: every notification of the attendee, read and unread, newest first, 20 to a
 * page; login required, and like the bell not for companies (spec §6).
 */
export default async function NotificationsPage({ searchParams }: Props) {
  await connection();
  const [user, params] = await Promise.all([getPageUser(), searchParams]);
  const page = requestedPage(params.page);
  if (!user) return redirectToLogin(pageHref(page));
  if (user.role !== 'user') return redirectTo('/');
  const [t, locale] = await Promise.all([getTranslations('notifications_page'), getLocale()]);
  const [list, unread] = await Promise.all([
    listAllNotifications({ userId: user.id, locale: locale as Locale, page }),
    countNotifications({ userId: user.id }),
  ]);
  const rows: NotificationRow[] = list.data.map((n) => ({
    id: n.id,
    message: n.message,
    href: targetOf(n),
    read: n.read,
    createdAt: n.created_at,
    time: formatDateTime(n.created_at),
  }));
  return (
    <div className="mx-auto max-w-3xl px-4 py-10">
      <h1 className="mb-6 text-3xl font-bold">{t('title')}</h1>
      {rows.length === 0 ? (
        <p className="rounded-2xl border border-slate-200 bg-white p-6 text-slate-700">{t('empty')}</p>
      ) : (
        <>
          <NotificationList rows={rows} unread={unread} />
          {list.last_page > 1 && (
            <div className="mt-6">
              <Pagination
                label={t('pages')}
                current={list.current_page}
                last={list.last_page}
                href={pageHref}
              />
            </div>
          )}
        </>
      )}
    </div>
  );
}
