import 'server-only';
import { and, count, desc, eq, isNull, sql } from 'drizzle-orm';
import { getDb } from '@/db/client';
import { events, notifications } from '@/db/schema';
import { translate } from '@/i18n/translate';
import type { Locale } from '@/lib/locale';
import type { NotificationList, NotificationResource } from '@/lib/schemas/catalogue-responses';
import { lastPage, type Page, toPage } from '@/lib/schemas/pagination';
import { notificationsShown } from '@/lib/spec-limits';
import { notFound } from '@/server/errors';
import { announceLiveChange } from '@/server/live/announce';

// A notification read (opened from the bell) leaves the bell as a deleted one does (spec §2), but the row
// stays: the bell, its count and the live count read only the unread ones.
const unreadOf = (userId: number) => and(eq(notifications.userId, userId), isNull(notifications.readAt));

/** The newest unread notifications of a user (the bell shows at most `notificationsShown`) and how many there are in all. */
export async function listNotifications({
  userId,
  locale,
  limit = notificationsShown,
}: {
  userId: number;
  locale: Locale;
  limit?: number;
}): Promise<NotificationList> {
  const db = await getDb();
  const [rows, total] = await Promise.all([
    db
      .select(withEventName(locale))
      .from(notifications)
      .leftJoin(events, eq(events.id, notifications.eventId))
      .where(unreadOf(userId))
      .orderBy(desc(notifications.createdAt), desc(notifications.id))
      .limit(limit),
    countNotifications({ userId }),
  ]);
  return { total, data: rows.map((n) => toResource(n, locale)) };
}

/**
 * Issue 31: a notification names its event as the event is named now in the reader's language (the other
 * language where it has none), not as it was named in its own language when the notification was made.
 */
const withEventName = (locale: Locale) => ({
  notification: notifications,
  eventName: sql<string | null>`coalesce(${events.translations} -> ${locale} ->> 'name', ${events.name})`,
});

/** One notification as the API and the pages show it, worded in `locale`. */
function toResource(
  {
    notification: n,
    eventName,
  }: { notification: typeof notifications.$inferSelect; eventName: string | null },
  locale: Locale,
): NotificationResource {
  const params =
    eventName && typeof n.params?.event === 'string' ? { ...n.params, event: eventName } : n.params;
  return {
    id: n.id,
    message: translate(locale, `notifications.${n.type}`, params),
    event_id: n.eventId,
    place_id: n.placeId,
    read: n.readAt !== null,
    created_at: n.createdAt.toISOString(),
  };
}

/** The notifications page (issue 29) shows this many to a page. */
export const notificationsPerPage = 20;

/**
 * All of a user's notifications, read and unread, newest first, a page at a time (issue 29). A page past
 * the end (an old link, notifications deleted since) gives the last page, and says so in `current_page`.
 */
export async function listAllNotifications({
  userId,
  locale,
  page = 1,
  perPage = notificationsPerPage,
}: {
  userId: number;
  locale: Locale;
  page?: number;
  perPage?: number;
}): Promise<Page<NotificationResource>> {
  const db = await getDb();
  const mine = eq(notifications.userId, userId);
  const [counted] = await db.select({ n: count() }).from(notifications).where(mine);
  const total = counted?.n ?? 0;
  const current = Math.min(Math.max(1, page), lastPage(total, perPage));
  const rows = await db
    .select(withEventName(locale))
    .from(notifications)
    .leftJoin(events, eq(events.id, notifications.eventId))
    .where(mine)
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(perPage)
    .offset((current - 1) * perPage);
  return toPage(
    rows.map((n) => toResource(n, locale)),
    total,
    { page: current, per_page: perPage },
  );
}

/** How many unread notifications the user has: the bell's count. */
export async function countNotifications({ userId }: { userId: number }): Promise<number> {
  const db = await getDb();
  const [row] = await db.select({ n: count() }).from(notifications).where(unreadOf(userId));
  return row?.n ?? 0;
}

/** Spec §7 read marking by id: marks one of the user's own notifications read; someone else's id changes nothing. */
export async function markNotificationRead({ userId, id }: { userId: number; id: number }): Promise<void> {
  const db = await getDb();
  await db.transaction(async (tx) => {
    const marked = await tx
      .update(notifications)
      .set({ readAt: new Date() })
      .where(and(eq(notifications.id, id), unreadOf(userId)))
      .returning({ id: notifications.id });
    if (marked.length > 0) await announceLiveChange(tx, [userId]);
  });
}

/** Issue 29 "mark all as read": every unread notification of the user, in one UPDATE; returns how many. */
export async function markAllNotificationsRead({ userId }: { userId: number }): Promise<number> {
  const db = await getDb();
  return db.transaction(async (tx) => {
    const marked = await tx
      .update(notifications)
      .set({ readAt: new Date() })
      .where(unreadOf(userId))
      .returning({ id: notifications.id });
    if (marked.length > 0) await announceLiveChange(tx, [userId]);
    return marked.length;
  });
}

/** Deletes one of the user's own notifications; someone else's is simply not found. */
export async function deleteNotification({ userId, id }: { userId: number; id: number }): Promise<void> {
  const db = await getDb();
  await db.transaction(async (tx) => {
    const deleted = await tx
      .delete(notifications)
      .where(and(eq(notifications.id, id), eq(notifications.userId, userId)))
      .returning({ id: notifications.id });
    if (deleted.length === 0) throw notFound();
    await announceLiveChange(tx, [userId]);
  });
}
