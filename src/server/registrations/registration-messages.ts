import 'server-only';
import { eq } from 'drizzle-orm';
import { getConfig } from '@/config';
import type { Tx } from '@/db/client';
import { events, notifications, registrationDates, registrations, users } from '@/db/schema';
import { translate } from '@/i18n/translate';
import { shownText } from '@/lib/content-language';
import { formatDateTime } from '@/lib/format';
import { defaultLocale, isLocale, type Locale } from '@/lib/locale';
import { announceLiveChange } from '@/server/live/announce';
import { enqueueMail } from '@/server/mail/outbox';
import { dateStart } from './date-start';
import { ticketCode } from './ticket-code';
import { ticketQrCid } from './ticket-files';

/** What an attendee is told about their registration (a notification and a mail, issue 33). */
export type AttendeeNews = 'confirmed' | 'pending' | 'waiting' | 'offered' | 'declined' | 'expired';

// A mail with the ticket in it leads to the ticket; the others to the event.
const toTicket = new Set<AttendeeNews>(['confirmed', 'offered']);

/**
 * Tells the attendee of `registrationId` what became of it: a notification in the bell and a mail in their
 * language, queued in the transaction of the change. These mails are part of the registration the person
 * asked for, so they are sent whatever their choice of update mails.
 */
export async function tellAttendee(
  tx: Tx,
  { registrationId, kind }: { registrationId: number; kind: AttendeeNews },
): Promise<void> {
  const [row] = await tx
    .select({
      registration: registrations,
      originalStart: registrationDates.originalStart,
      email: users.email,
      firstName: users.firstName,
      locale: users.locale,
      event: { id: events.id, name: events.name, lang: events.lang, translations: events.translations },
    })
    .from(registrations)
    .innerJoin(registrationDates, eq(registrationDates.id, registrations.dateId))
    .innerJoin(users, eq(users.id, registrations.userId))
    .innerJoin(events, eq(events.id, registrations.eventId))
    .where(eq(registrations.id, registrationId));
  if (!row) return;
  const { registration, event } = row;
  const locale: Locale = isLocale(row.locale) ? row.locale : defaultLocale;
  const startsAt = await dateStart(tx, event.id, row.originalStart);
  const date = startsAt ? formatDateTime(startsAt) : '';
  const shown = shownText(event, event.name, 'name', locale);
  const eventName = shown?.fallback
    ? `${shown.text} (${translate(locale, `content.only_in.${shown.lang}`)})`
    : (shown?.text ?? event.name);

  await tx.insert(notifications).values({
    userId: registration.userId,
    type: `registration_${kind}`,
    params: { event: event.name, date, places: registration.places },
    eventId: event.id,
  });
  await announceLiveChange(tx, [registration.userId]);

  const { publicUrl } = getConfig();
  const code = ticketCode(registration.id, registration.secret);
  await enqueueMail(tx, {
    to: row.email,
    locale,
    template: `registration_${kind}`,
    params: {
      link: toTicket.has(kind) ? `${publicUrl}/tickets/${registration.id}` : `${publicUrl}/event/${event.id}`,
      name: row.firstName,
      values: {
        event: eventName,
        date,
        places: String(registration.places),
        code,
        until: registration.offeredUntil ? formatDateTime(registration.offeredUntil) : '',
        note: registration.note ?? '',
      },
      ...(kind === 'confirmed' ? { image: { cid: ticketQrCid, alt: code } } : {}),
    },
    attachments: kind === 'confirmed' ? [{ ticketId: registration.id }] : undefined,
  });
}
