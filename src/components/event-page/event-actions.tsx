import { getTranslations } from 'next-intl/server';
import { external, type PageViewer } from '@/components/detail/detail-parts';
import { ReportButton } from '@/components/reports/report-button';
import { ClickHit } from '@/components/stats/hit-wrappers';
import { Download, ExternalLink, MessageCircle, Pencil, Ticket } from '@/components/ui/icons';
import { Link } from '@/components/ui/link';
import { apiUrl } from '@/lib/api-client';
import { loginPath } from '@/lib/next-path';
import type { EventDetail } from '@/lib/schemas/event-responses';
import { actionButton } from './action-menu';
import { EventCalendarControl } from './event-calendar-control';
import { EventShare } from './event-share';
import { FavouriteToggle } from './event-toggle';

const solid = 'min-h-11 items-center justify-center gap-2 rounded-lg px-4 py-2 font-semibold';

/** Spec §6: companies see neither the ticket and question buttons nor the favourite and calendar toggles. */
const ticketUrl = (event: EventDetail, viewer: PageViewer | null) =>
  viewer?.role === 'company' ? null : event.buy_ticket_url;

/**
 * The ticket link; `className` gives its display, which differs between the row and the phone's bar.
 * Its clicks are counted for the organiser's statistics (issue 28).
 */
async function BuyTicket({ eventId, url, className }: { eventId: number; url: string; className: string }) {
  const t = await getTranslations('event_page');
  return (
    <ClickHit subject="event" id={eventId} measure="ticket_click">
      <a
        href={url}
        className={`${solid} bg-accent-500 text-white hover:bg-orange-800 ${className}`}
        {...external}
      >
        <Ticket aria-hidden size={18} />
        {t('buy_ticket')}
        <ExternalLink aria-hidden size={16} />
        <span className="sr-only"> {t('new_tab')}</span>
      </a>
    </ClickHit>
  );
}

/**
 * What the viewer may do with the event, in one row (issue 18): the ticket, favourite, a question, the
 * calendar control (with the .ics file in its menu), sharing, then edit or report. On a phone the ticket
 * lives in `EventTicketBar` instead, so the page has one "Buy a ticket" at a time.
 */
export async function EventActions({
  event,
  viewer,
  pageUrl,
}: {
  event: EventDetail;
  viewer: PageViewer | null;
  pageUrl: string;
}) {
  const t = await getTranslations('event_page');
  // The file's address as it always was; its language is the browser's (or ?lang=, as for the feeds).
  const icsHref = apiUrl('/api/event/{id}/ics', { params: { id: event.id } });
  const tStats = await getTranslations('stats');
  const attendee = viewer?.role !== 'company';
  const ticket = ticketUrl(event, viewer);
  const isOwner = viewer?.id === event.user_id;
  // Spec §6: attendees may write only to an organiser whose plan has messenger_access; a guest signs in first.
  const mayAsk = event.place.user.messenger_access && (!viewer || viewer.role === 'user');
  return (
    <div className="relative flex flex-wrap items-center gap-2">
      {ticket && <BuyTicket eventId={event.id} url={ticket} className="hidden sm:inline-flex" />}
      {attendee && <FavouriteToggle eventId={event.id} initial={event.is_favourite} signedIn={!!viewer} />}
      {mayAsk && (
        <Link
          href={viewer ? `/messages/${event.user_id}?event=${event.id}` : loginPath(`/event/${event.id}`)}
          className={actionButton}
        >
          <MessageCircle aria-hidden size={18} />
          {t('ask_organiser')}
        </Link>
      )}
      {attendee ? (
        <EventCalendarControl
          eventId={event.id}
          initial={event.in_calendar}
          signedIn={!!viewer}
          icsHref={icsHref}
        />
      ) : (
        <a href={icsHref} className={actionButton}>
          <Download aria-hidden size={18} />
          {t('ics')}
        </a>
      )}
      <EventShare eventId={event.id} url={pageUrl} name={event.name} />
      {isOwner && (
        <Link
          href={`/calendar?edit=${event.id}`}
          className={`${solid} inline-flex bg-brand-600 text-white hover:bg-brand-700`}
        >
          <Pencil aria-hidden size={18} />
          {t('edit')}
        </Link>
      )}
      {isOwner && (
        <Link href="/account/stats" className={actionButton}>
          {tStats('link')}
        </Link>
      )}
      {!isOwner && <ReportButton target="event" targetId={event.id} signedIn={!!viewer} />}
    </div>
  );
}

/**
 * Issue 18: on a phone (below 600 px) the ticket stays at the bottom of the screen. Sticky at the end of the
 * article, it rides the screen's bottom edge while the event is read and comes to rest above the footer,
 * taking its own room instead of covering content. Wider screens have the button in the action row.
 */
export async function EventTicketBar({ event, viewer }: { event: EventDetail; viewer: PageViewer | null }) {
  const ticket = ticketUrl(event, viewer);
  if (!ticket) return null;
  return (
    <div className="sticky bottom-0 z-30 mt-6 border-t border-slate-200 bg-white/95 px-4 py-2 backdrop-blur sm:hidden">
      <BuyTicket eventId={event.id} url={ticket} className="flex w-full" />
    </div>
  );
}
