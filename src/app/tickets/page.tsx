import { connection } from 'next/server';
import { getFormatter, getLocale, getTranslations } from 'next-intl/server';
import { TicketStatus } from '@/components/registrations/ticket-status';
import { Ticket as TicketIcon } from '@/components/ui/icons';
import { Link } from '@/components/ui/link';
import { titled } from '@/i18n/page-title';
import type { Locale } from '@/lib/locale';
import { listMyTickets } from '@/server/registrations/tickets';
import { redirectTo, redirectToLogin } from '@/web/locale-redirect';
import { getPageUser } from '@/web/page-user';

export const generateMetadata = titled('tickets_page.title');

/** Issue 33: "Moje bilety", the attendee's registrations: tickets, places waiting, requests. */
export default async function TicketsPage() {
  await connection();
  const user = await getPageUser();
  if (!user) return redirectToLogin('/tickets');
  if (user.role !== 'user') return redirectTo('/');
  const [t, format, locale] = await Promise.all([
    getTranslations('tickets_page'),
    getFormatter(),
    getLocale(),
  ]);
  const tickets = await listMyTickets({ actor: user, locale: locale as Locale });
  return (
    <div className="mx-auto max-w-3xl px-4 py-10">
      <h1 className="text-3xl font-bold">{t('title')}</h1>
      {tickets.length === 0 ? (
        <p className="mt-6 text-slate-700">
          {t('empty')}{' '}
          <Link href="/list#event_type" className="font-semibold text-brand-700 underline">
            {t('find_events')}
          </Link>
        </p>
      ) : (
        <ul className="mt-6 flex flex-col gap-3">
          {tickets.map((ticket) => (
            <li key={ticket.id} className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
              <div className="flex flex-wrap items-start justify-between gap-2">
                <h2 className="text-lg font-bold break-words">
                  <Link href={`/tickets/${ticket.id}`} className="hover:underline">
                    {ticket.event.name}
                  </Link>
                </h2>
                <TicketStatus status={ticket.status} />
              </div>
              <p className="mt-1 text-slate-700">
                <time dateTime={ticket.starts_at.toISOString()}>
                  {format.dateTime(ticket.starts_at, {
                    dateStyle: 'full',
                    timeStyle: 'short',
                    timeZone: 'Europe/Warsaw',
                  })}
                </time>
                {ticket.event.place_name ? ` · ${ticket.event.place_name}` : ''} · {ticket.event.city}
              </p>
              <p className="mt-1 flex items-center gap-1 text-slate-700">
                <TicketIcon aria-hidden size={16} />
                {t('places', { count: ticket.places })}
              </p>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
