import 'server-only';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { getDb } from '@/db/client';
import { conversations, messages, type RegistrationStatus, registrations } from '@/db/schema';
import { translate } from '@/i18n/translate';
import { formatDateTime } from '@/lib/format';
import type { Locale } from '@/lib/locale';
import { toCsv } from '@/server/admin/newsletter-csv';
import type { AuthUser } from '@/server/auth/access-tokens';
import { ownedEvent } from '@/server/events/owned-event';
import { announceLiveChange } from '@/server/live/announce';
import { queueMessageMail } from '@/server/mail/message-mail';
import { kickMailWorker } from '@/server/mail/outbox';
import { displayName, pairOf } from '@/server/messages/participants';
import { hit } from '@/server/rate-limit';
import { listRegistrants } from './organiser';

/**
 * The organiser's list of registrations as CSV, headed in the organiser's language. `toCsv` guards every
 * cell, so a name such as `=HYPERLINK(…)` is text in a spreadsheet, never a formula.
 */
export async function registrantsCsv({
  actor,
  eventId,
  date,
  locale,
}: {
  actor: AuthUser;
  eventId: number;
  date?: Date | null;
  locale: Locale;
}): Promise<string> {
  const rows = await listRegistrants({ actor, eventId, date });
  const t = (key: string) => translate(locale, `registrations.csv.${key}`);
  const head = ['name', 'email', 'places', 'status', 'date', 'registered_at', 'checked_in_at'].map(t);
  // A byte order mark: a spreadsheet opening the file then reads its names' Polish letters as UTF-8.
  return `\uFEFF${toCsv([
    head,
    ...rows.map((r) => [
      r.name,
      r.email,
      String(r.places),
      translate(locale, `registrations.status.${r.status}`),
      r.date ? formatDateTime(r.date) : '',
      formatDateTime(r.created_at),
      r.checked_in_at ? formatDateTime(r.checked_in_at) : '',
    ]),
  ])}`;
}

/**
 * The organiser writes to everyone registered for the event (or one date), through the messages: each person
 * gets the text in the conversation they share with the organiser (started now if need be), with the usual
 * mail. One transaction: everyone gets it or no one does. Counts once against the sender's message limit.
 */
export async function messageRegistrants({
  actor,
  eventId,
  message,
  to,
}: {
  actor: AuthUser;
  eventId: number;
  message: string;
  to: 'confirmed' | 'all';
}): Promise<{ sent: number }> {
  await ownedEvent(actor, eventId);
  await hit('messagesBySender', String(actor.id));
  const statuses: RegistrationStatus[] =
    to === 'confirmed' ? ['confirmed'] : ['confirmed', 'offered', 'waiting', 'pending'];
  const db = await getDb();
  const sent = await db.transaction(async (tx) => {
    const people = await tx
      .selectDistinct({ userId: registrations.userId })
      .from(registrations)
      .where(and(eq(registrations.eventId, eventId), inArray(registrations.status, statuses)));
    const ids = people.map((p) => p.userId).filter((id) => id !== actor.id);
    if (!ids.length) return 0;
    const now = new Date();
    const threads = await tx
      .insert(conversations)
      .values(ids.map((id) => ({ ...pairOf(actor.id, id), lastMessageAt: now })))
      .onConflictDoUpdate({
        target: [conversations.userLowId, conversations.userHighId],
        set: { lastMessageAt: sql`excluded.last_message_at` },
      })
      .returning({ id: conversations.id, low: conversations.userLowId, high: conversations.userHighId });
    await tx
      .insert(messages)
      .values(threads.map((c) => ({ conversationId: c.id, senderId: actor.id, message, createdAt: now })));
    await announceLiveChange(tx, ids);
    const sender = { id: actor.id, name: displayName(actor) };
    for (const c of threads) {
      const recipientId = c.low === actor.id ? c.high : c.low;
      await queueMessageMail(tx, { conversationId: c.id, recipientId, sender, now });
    }
    return ids.length;
  });
  kickMailWorker();
  return { sent };
}
