import 'server-only';
import { and, count, desc, eq } from 'drizzle-orm';
import { getDb } from '@/db/client';
import { notifications } from '@/db/schema';
import { translate } from '@/i18n/translate';
import type { Locale } from '@/lib/locale';
import type { NotificationList } from '@/lib/schemas/catalogue-responses';
import { notificationsShown } from '@/lib/spec-limits';
import { notFound } from '@/server/errors';

/** The newest notifications of a user (the bell shows at most `notificationsShown`) and how many there are in all. */
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
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(notifications)
      .where(eq(notifications.userId, userId))
      .orderBy(desc(notifications.createdAt), desc(notifications.id))
      .limit(limit),
    db.select({ n: count() }).from(notifications).where(eq(notifications.userId, userId)),
  ]);
  return {
    total: total?.n ?? 0,
    data: rows.map((n) => ({
      id: n.id,
      message: translate(locale, `notifications.${n.type}`, n.params),
      event_id: n.eventId,
      place_id: n.placeId,
      read: n.readAt !== null,
      created_at: n.createdAt.toISOString(),
    })),
  };
}

/** Deletes one of the user's own notifications; someone else's is simply not found. */
export async function deleteNotification({ userId, id }: { userId: number; id: number }): Promise<void> {
  const db = await getDb();
  const deleted = await db
    .delete(notifications)
    .where(and(eq(notifications.id, id), eq(notifications.userId, userId)))
    .returning({ id: notifications.id });
  if (deleted.length === 0) throw notFound();
}
