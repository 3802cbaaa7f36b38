import { connection } from 'next/server';
import { getLocale, getTranslations } from 'next-intl/server';
import { Pagination } from '@/components/list/pagination';
import { PromotionPacks } from '@/components/payments/promotion-packs';
import { OrganisersOnly } from '@/components/places/organisers-only';
import { CalendarDays, Megaphone } from '@/components/ui/icons';
import { Link } from '@/components/ui/link';
import { titled } from '@/i18n/page-title';
import { formatDate } from '@/lib/format';
import type { Locale } from '@/lib/locale';
import { listPromotableEvents } from '@/server/payments/promotable-events';
import { getPaymentSettings } from '@/server/plans/list-plans';
import { getPageCompany } from '@/web/page-user';

export const generateMetadata = titled('promote_events.title');

type Props = { searchParams: Promise<{ page?: string | string[] }> };

const link = 'font-semibold text-brand-700 underline';

/**
 * Issue 29 point 9: from /premium's promotion offer, the company's events that can still be promoted,
 * soonest first, each with how long it is promoted and the packs to buy for it.
 */
export default async function PromoteEventsPage({ searchParams }: Props) {
  await connection();
  const t = await getTranslations('promote_events');
  const company = await getPageCompany('/premium/promote');
  if (!company) return <OrganisersOnly title={t('title')} />;
  const raw = (await searchParams).page;
  const page = typeof raw === 'string' && /^[1-9]\d{0,5}$/.test(raw) ? Number(raw) : 1;
  const [events, settings, to] = await Promise.all([
    listPromotableEvents({ actor: company, page }),
    getLocale().then((locale) => getPaymentSettings({ locale: locale as Locale })),
    getTranslations('orders'),
  ]);
  return (
    <div className="mx-auto grid max-w-6xl gap-6 px-4 py-8 sm:py-10">
      <header className="grid gap-2">
        <h1 className="flex items-center gap-2 text-2xl font-bold sm:text-3xl">
          <Megaphone aria-hidden size={28} className="shrink-0 text-brand-700" />
          {t('title')}
        </h1>
        <p className="max-w-3xl text-slate-700">{to('promote.text')}</p>
        <p>
          <Link href="/premium" className={link}>
            {t('back')}
          </Link>
        </p>
      </header>
      {events.total === 0 ? (
        <p className="rounded-xl border border-slate-200 bg-white p-5 text-slate-700">
          {t('empty')}{' '}
          <Link href="/calendar" className={link}>
            {t('add_event')}
          </Link>
        </p>
      ) : (
        <>
          <p className="text-slate-700">{t('count', { count: events.total })}</p>
          <ul className="grid gap-4">
            {events.data.map((event) => (
              <li key={event.id}>
                <article
                  aria-labelledby={`promote-${event.id}`}
                  className="grid gap-3 rounded-2xl border border-slate-200 bg-slate-50 p-4 sm:p-5"
                >
                  <div className="grid gap-1">
                    <h2 id={`promote-${event.id}`} className="text-lg font-semibold break-words">
                      <Link href={`/event/${event.id}`} className="hover:underline">
                        {event.name}
                      </Link>
                    </h2>
                    <p className="flex items-center gap-1 text-sm text-slate-700">
                      <CalendarDays aria-hidden size={16} />
                      <time dateTime={event.start_date}>{formatDate(event.start_date)}</time>
                    </p>
                    <p className={event.promoted_until ? 'font-semibold text-brand-700' : 'text-slate-700'}>
                      {event.promoted_until
                        ? to('promote.until', { date: formatDate(event.promoted_until) })
                        : t('not_promoted')}
                    </p>
                  </div>
                  <PromotionPacks eventId={event.id} eventName={event.name} packs={settings.price_packs} />
                </article>
              </li>
            ))}
          </ul>
          {events.last_page > 1 && (
            <Pagination
              label={t('pages')}
              current={events.page}
              last={events.last_page}
              href={(n) => (n === 1 ? '/premium/promote' : `/premium/promote?page=${n}`)}
            />
          )}
        </>
      )}
    </div>
  );
}
