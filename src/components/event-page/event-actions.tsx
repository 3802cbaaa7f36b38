import Link from 'next/link';
import { getTranslations } from 'next-intl/server';
import { external, type PageViewer } from '@/components/place-page/detail-parts';
import { ReportButton } from '@/components/reports/report-button';
import { Download, ExternalLink, MessageCircle, Pencil, Ticket } from '@/components/ui/icons';
import { loginPath } from '@/lib/next-path';
import type { EventDetail } from '@/lib/schemas/event-responses';
import { EventToggle } from './event-toggle';

const button = 'inline-flex min-h-11 items-center gap-2 rounded-lg px-4 py-2 font-semibold';
const outlineButton = `${button} border-2 border-slate-300 bg-white text-slate-800 hover:bg-slate-50`;

/** What the viewer may do with the event: tickets, a question, favourite, calendar, the .ics file, edit. */
export async function EventActions({ event, viewer }: { event: EventDetail; viewer: PageViewer | null }) {
  const t = await getTranslations('event_page');
  // Spec §6: companies see neither the attendee buttons nor the favourite and calendar toggles.
  const attendee = viewer?.role !== 'company';
  const isOwner = viewer?.id === event.user_id;
  // Spec §6: attendees may write only to an organiser whose plan has messenger_access; a guest signs in first.
  const mayAsk = event.place.user.messenger_access && (!viewer || viewer.role === 'user');
  return (
    <div className="flex flex-wrap gap-2">
      {attendee && event.buy_ticket_url && (
        <a
          href={event.buy_ticket_url}
          className={`${button} bg-accent-500 text-white hover:bg-orange-800`}
          {...external}
        >
          <Ticket aria-hidden size={18} />
          {t('buy_ticket')}
          <ExternalLink aria-hidden size={16} />
          <span className="sr-only"> {t('new_tab')}</span>
        </a>
      )}
      {mayAsk && (
        <Link
          href={viewer ? `/messages/${event.user_id}` : loginPath(`/event/${event.id}`)}
          className={outlineButton}
        >
          <MessageCircle aria-hidden size={18} />
          {t('ask_organiser')}
        </Link>
      )}
      {attendee && (
        <EventToggle eventId={event.id} kind="favourite" initial={event.is_favourite} signedIn={!!viewer} />
      )}
      {attendee && (
        <EventToggle eventId={event.id} kind="calendar" initial={event.in_calendar} signedIn={!!viewer} />
      )}
      <a href={`/api/event/${event.id}/ics`} className={outlineButton}>
        <Download aria-hidden size={18} />
        {t('ics')}
      </a>
      {isOwner && (
        <Link
          href={`/calendar?edit=${event.id}`}
          className={`${button} bg-brand-600 text-white hover:bg-brand-700`}
        >
          <Pencil aria-hidden size={18} />
          {t('edit')}
        </Link>
      )}
      {!isOwner && <ReportButton target="event" targetId={event.id} signedIn={!!viewer} />}
    </div>
  );
}
