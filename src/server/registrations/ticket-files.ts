import 'server-only';
import { eq } from 'drizzle-orm';
import QRCode from 'qrcode';
import { getConfig } from '@/config';
import { getDb } from '@/db/client';
import { events, registrationDates, registrations } from '@/db/schema';
import { icsCalendar, icsLocation } from '@/server/events/ics';
import type { MailAttachment } from '@/server/mail/transport';
import { dateStart } from './date-start';
import { ticketCode } from './ticket-code';

/** The `cid:` a ticket mail's HTML shows its QR code by. */
export const ticketQrCid = 'ticket-qr@wydarzeniaimiejsca';

/** A ticket's QR code as SVG (the ticket page) or PNG (the mail: mail clients show few SVGs). */
export function ticketQrSvg(code: string): Promise<string> {
  return QRCode.toString(code, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
}

export function ticketQrPng(code: string): Promise<Buffer> {
  return QRCode.toBuffer(code, { type: 'png', errorCorrectionLevel: 'M', margin: 2, width: 480 });
}

/** The date of a ticket as a calendar file: one VEVENT of its own, so it does not replace the event's. */
export async function ticketIcs(registrationId: number): Promise<string | null> {
  const db = await getDb();
  const [row] = await db
    .select({
      registration: registrations,
      originalStart: registrationDates.originalStart,
      event: events,
    })
    .from(registrations)
    .innerJoin(registrationDates, eq(registrationDates.id, registrations.dateId))
    .innerJoin(events, eq(events.id, registrations.eventId))
    .where(eq(registrations.id, registrationId));
  if (!row) return null;
  const { event } = row;
  const start = (await dateStart(db, event.id, row.originalStart)) ?? event.startDate;
  const end = new Date(start.getTime() + (event.endDate.getTime() - event.startDate.getTime()));
  const url = `${getConfig().publicUrl}/tickets/${registrationId}`;
  return icsCalendar([
    {
      id: event.id,
      uid: `ticket-${registrationId}`,
      name: event.name,
      start: start.toISOString(),
      end: end.toISOString(),
      location: icsLocation({
        place_name: event.placeName,
        street: event.street,
        postcode: event.postcode,
        city: event.city,
      }),
      description: `${ticketCode(registrationId, row.registration.secret)}\n${url}`,
      url,
      geo: event.lat && event.lng ? { lat: event.lat, lng: event.lng } : null,
    },
  ]);
}

/** What a ticket mail carries: the QR code shown in its HTML, and the date for a calendar. */
export async function ticketAttachments(registrationId: number): Promise<MailAttachment[]> {
  const db = await getDb();
  const [row] = await db
    .select({ secret: registrations.secret })
    .from(registrations)
    .where(eq(registrations.id, registrationId));
  if (!row) return [];
  const code = ticketCode(registrationId, row.secret);
  const ics = await ticketIcs(registrationId);
  return [
    {
      filename: `bilet-${registrationId}.png`,
      content: await ticketQrPng(code),
      contentType: 'image/png',
      cid: ticketQrCid,
    },
    ...(ics
      ? [
          {
            filename: `bilet-${registrationId}.ics`,
            content: Buffer.from(ics),
            contentType: 'text/calendar; charset=utf-8',
          },
        ]
      : []),
  ];
}
