import type { Metadata } from 'next';
import { connection } from 'next/server';
import { getFormatter, getLocale, getTranslations } from 'next-intl/server';
import { TicketActions } from '@/components/registrations/ticket-actions';
import { TicketStatus } from '@/components/registrations/ticket-status';
import { buttonClass } from '@/components/ui/button';
import { Download } from '@/components/ui/icons';
import { Link } from '@/components/ui/link';
import { apiUrl } from '@/lib/api-client';
import type { Locale } from '@/lib/locale';
import { AppError } from '@/server/errors';
import { liveStatuses } from '@/server/registrations/register';
import { ticketQrSvg } from '@/server/registrations/ticket-files';
import { getTicket, type Ticket } from '@/server/registrations/tickets';
import { redirectTo, redirectToLogin } from '@/web/locale-redirect';
import { getPageUser } from '@/web/page-user';

type Props = { params: Promise<{ id: string }> };

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations('tickets_page'))('ticket_title'), robots: { index: false } };
}

/**
 * Issue 33: one ticket, for the door: the QR code and the typed code, the event, its date and the places. A
 * registration that is not (yet) a ticket says where it stands instead of showing a code.
 */
export default async function TicketPage({ params }: Props) {
  await connection();
  const { id } = await params;
  const user = await getPageUser();
  if (!user) return redirectToLogin(`/tickets/${id}`);
  const [t, format, locale] = await Promise.all([
    getTranslations('tickets_page'),
    getFormatter(),
    getLocale(),
  ]);
  let ticket: Ticket;
  try {
    if (!/^\d{1,9}$/.test(id)) throw new AppError('not_found', 'api.not_found');
    ticket = await getTicket({ actor: user, id: Number(id), locale: locale as Locale });
  } catch (error) {
    if (error instanceof AppError) return redirectTo('/tickets');
    throw error;
  }
  const qr = ticket.code ? await ticketQrSvg(ticket.code) : null;
  const started = ticket.starts_at <= new Date();
  const when = (d: Date) =>
    format.dateTime(d, { dateStyle: 'full', timeStyle: 'short', timeZone: 'Europe/Warsaw' });
  return (
    <div className="mx-auto max-w-xl px-4 py-8">
      <p>
        <Link href="/tickets" className="text-brand-700 underline">
          {t('back')}
        </Link>
      </p>
      <article
        aria-labelledby="ticket-event"
        className="mt-4 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm"
      >
        <div className="flex flex-wrap items-start justify-between gap-2">
          <h1 id="ticket-event" className="text-2xl font-extrabold break-words">
            <Link href={`/event/${ticket.event.id}`} className="hover:underline">
              {ticket.event.name}
            </Link>
          </h1>
          <TicketStatus status={ticket.status} />
        </div>
        <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-slate-800">
          <dt className="font-semibold">{t('when')}</dt>
          <dd>
            <time dateTime={ticket.starts_at.toISOString()}>{when(ticket.starts_at)}</time>
          </dd>
          <dt className="font-semibold">{t('where')}</dt>
          <dd>{[ticket.event.place_name, ticket.event.city].filter(Boolean).join(', ')}</dd>
          <dt className="font-semibold">{t('places_label')}</dt>
          <dd>{ticket.places}</dd>
        </dl>
        {ticket.code && qr ? (
          <div className="mt-5 flex flex-col items-center gap-3">
            <div
              role="img"
              aria-label={t('qr_label', { code: ticket.code })}
              className="w-full max-w-72 [&>svg]:h-auto [&>svg]:w-full"
              // The SVG is drawn by the qrcode library from our own code: paths and rectangles, no text.
              // biome-ignore lint/security/noDangerouslySetInnerHtml: generated markup, no user input in it
              dangerouslySetInnerHTML={{ __html: qr }}
            />
            <p className="text-center">
              <span className="block text-sm text-slate-600">{t('code_label')}</span>
              <span data-ticket-code className="font-mono text-xl font-bold tracking-wider break-all">
                {ticket.code}
              </span>
            </p>
            {ticket.checked_in_at && (
              <p className="font-semibold text-slate-700">
                {t('checked_in', { when: when(ticket.checked_in_at) })}
              </p>
            )}
            <a
              href={apiUrl('/api/tickets/{id}/ics', { params: { id: ticket.id } })}
              className={buttonClass({ variant: 'secondary' })}
            >
              <Download aria-hidden size={18} />
              {t('ics')}
            </a>
          </div>
        ) : (
          <p className="mt-5 rounded-lg bg-slate-50 p-3 text-slate-800">
            {ticket.status === 'offered' && ticket.offered_until
              ? t('offered', { until: when(ticket.offered_until) })
              : ticket.status === 'declined' && ticket.note
                ? t('declined_note', { note: ticket.note })
                : t(`no_code.${ticket.status as Exclude<Ticket['status'], 'confirmed'>}`)}
          </p>
        )}
        <div className="mt-5">
          <TicketActions
            id={ticket.id}
            offered={ticket.status === 'offered'}
            cancellable={!started && liveStatuses.includes(ticket.status)}
          />
        </div>
      </article>
    </div>
  );
}
