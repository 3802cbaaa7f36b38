import 'server-only';
import { and, eq, gt, inArray, isNull, lte, sql } from 'drizzle-orm';
import { getConfig } from '@/config';
import { getDb, rowsOf } from '@/db/client';
import { calendarEntries, events, notifications, remindersSent, users } from '@/db/schema';
import { translate } from '@/i18n/translate';
import { shownText } from '@/lib/content-language';
import { defaultLocale, isLocale, type Locale } from '@/lib/locale';
import { announceLiveChange } from '@/server/live/announce';
import { enqueueMail } from '@/server/mail/outbox';
import { oneClickUnsubscribeUrl, unsubscribeLink } from '@/server/mail/unsubscribe';

/** "The day before": an event is reminded once it starts within this window and has not started yet. */
export const reminderLeadMs = 24 * 60 * 60_000;

// Any fixed number the portal uses for nothing else: the key of the reminder job's advisory lock.
const reminderLockKey = 720_012;

/**
 * Reminds everyone of the events in their calendar that start within a day and were not reminded yet:
 * a notification and, for those who want it, a mail. Runs after a restart catch up on what was missed.
 * Two processes never send one reminder twice: each pair is claimed by inserting it into reminders_sent
 * (only the inserted rows are sent, in the same transaction), and an advisory lock keeps a second
 * process from doing the same work at the same time.
 */
export async function runReminders({ now = new Date() }: { now?: Date } = {}): Promise<{
  reminded: number;
  mailed: number;
}> {
  const db = await getDb();
  return db.transaction(async (tx) => {
    const lock = await tx.execute(sql`select pg_try_advisory_xact_lock(${reminderLockKey}) as locked`);
    if (!rowsOf<{ locked: boolean }>(lock)[0]?.locked) return { reminded: 0, mailed: 0 };

    const until = new Date(now.getTime() + reminderLeadMs);
    const claimed = await tx
      .insert(remindersSent)
      .select(
        tx
          .select({
            userId: calendarEntries.userId,
            eventId: calendarEntries.eventId,
            // A series' next date has its own reminder (the series job moves start_date on).
            startsAt: events.startDate,
            sentAt: sql`${now.toISOString()}::timestamptz`.as('sent_at'),
          })
          .from(calendarEntries)
          .innerJoin(events, eq(events.id, calendarEntries.eventId))
          .where(and(gt(events.startDate, now), lte(events.startDate, until), isNull(events.hiddenAt))),
      )
      .onConflictDoNothing()
      .returning({ userId: remindersSent.userId, eventId: remindersSent.eventId });
    if (claimed.length === 0) return { reminded: 0, mailed: 0 };

    const userIds = claimed.map((c) => c.userId);
    const eventIds = claimed.map((c) => c.eventId);
    const recipients = await tx
      .select({
        id: users.id,
        email: users.email,
        locale: users.locale,
        firstName: users.firstName,
        mailUpdates: users.mailUpdates,
      })
      .from(users)
      .where(inArray(users.id, userIds));
    const people = new Map(recipients.map((u) => [u.id, u]));
    const reminded = await tx
      .select({ id: events.id, name: events.name, lang: events.lang, translations: events.translations })
      .from(events)
      .where(inArray(events.id, eventIds));
    const names = new Map(reminded.map((e) => [e.id, e.name]));
    // Issue 31: the mail names the event in the reader's language, or says it has only the other one.
    const byId = new Map(reminded.map((e) => [e.id, e]));
    const nameFor = (eventId: number, locale: Locale) => {
      const event = byId.get(eventId);
      const shown = event ? shownText(event, event.name, 'name', locale) : null;
      if (!shown) return '';
      return shown.fallback
        ? `${shown.text} (${translate(locale, `content.only_in.${shown.lang}`)})`
        : shown.text;
    };

    await tx.insert(notifications).values(
      claimed.map((c) => ({
        userId: c.userId,
        type: 'event_reminder',
        params: { event: names.get(c.eventId) ?? '' },
        eventId: c.eventId,
      })),
    );
    await announceLiveChange(tx, [...new Set(claimed.map((c) => c.userId))]);
    let mailed = 0;
    for (const { userId, eventId } of claimed) {
      const person = people.get(userId);
      if (!person?.mailUpdates) continue;
      await enqueueMail(tx, {
        to: person.email,
        locale: person.locale,
        template: 'event_reminder',
        params: {
          link: `${getConfig().publicUrl}/event/${eventId}`,
          name: person.firstName,
          values: { event: nameFor(eventId, isLocale(person.locale) ? person.locale : defaultLocale) },
          unsubscribe: unsubscribeLink(userId),
        },
        listUnsubscribe: oneClickUnsubscribeUrl(userId),
      });
      mailed++;
    }
    return { reminded: claimed.length, mailed };
  });
}
