import type { Metadata } from 'next';
import { connection } from 'next/server';
import { getFormatter, getTranslations } from 'next-intl/server';
import { OrganisersOnly } from '@/components/places/organisers-only';
import { RegistrantActions } from '@/components/registrations/registrant-actions';
import { RegistrantsMessageForm } from '@/components/registrations/registrants-message-form';
import { RegistrationTermsForm } from '@/components/registrations/registration-terms-form';
import { TicketStatus } from '@/components/registrations/ticket-status';
import { buttonClass } from '@/components/ui/button';
import { Download, SpriteIcon } from '@/components/ui/icons';
import { Link } from '@/components/ui/link';
import { Panel } from '@/components/ui/panel';
import { apiUrl } from '@/lib/api-client';
import { dateToWarsaw } from '@/lib/warsaw-time';
import { listRegistrants, registrationCounts, registrationTermsOf } from '@/server/registrations/organiser';
import { organisersEvent } from '@/server/registrations/organiser-page';
import { redirectTo, redirectToLogin } from '@/web/locale-redirect';
import { getPageUser } from '@/web/page-user';

type Props = { params: Promise<{ id: string }> };

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations('registrants_page'))('title'), robots: { index: false } };
}

const local = (d: Date | null) => {
  if (!d) return '';
  const { date, time } = dateToWarsaw(d);
  return `${date}T${time}`;
};

/**
 * Issue 33: the organiser's registrations for one event: the terms, who is coming (approve, decline), the list
 * as CSV, a message to everyone registered, and the way to the check-in page.
 */
export default async function RegistrantsPage({ params }: Props) {
  await connection();
  const { id } = await params;
  const path = `/account/events/${id}/registrations`;
  const user = await getPageUser();
  if (!user) return redirectToLogin(path);
  const t = await getTranslations('registrants_page');
  if (user.role !== 'company') return <OrganisersOnly title={t('title')} />;
  const found = /^\d{1,9}$/.test(id) ? await organisersEvent(user, Number(id)) : null;
  if (!found) return redirectTo('/calendar');
  const { event, name, dates } = found;
  const format = await getFormatter();
  const when = (d: Date) =>
    format.dateTime(d, { dateStyle: 'medium', timeStyle: 'short', timeZone: 'Europe/Warsaw' });
  const [terms, rows, counts] = await Promise.all([
    registrationTermsOf(event.id),
    listRegistrants({ actor: user, eventId: event.id }),
    registrationCounts(event.id),
  ]);
  const confirmed = counts.reduce((sum, c) => sum + c.confirmed, 0);
  const checkedIn = counts.reduce((sum, c) => sum + c.checkedIn, 0);
  const waiting = counts.reduce((sum, c) => sum + c.waiting, 0);
  const pendingCount = counts.reduce((sum, c) => sum + c.pending, 0);

  return (
    <div className="mx-auto max-w-5xl px-4 py-8">
      <p>
        <Link href={`/event/${event.id}`} className="text-brand-700 underline">
          {t('back_to_event', { name })}
        </Link>
      </p>
      <h1 className="mt-2 text-3xl font-bold break-words">{t('heading', { name })}</h1>

      <Panel id="terms-heading" title={t('terms')} className="mt-6">
        {!terms && <p className="text-slate-700">{t('off_note')}</p>}
        <RegistrationTermsForm
          eventId={event.id}
          enabled={!!terms}
          initial={{
            capacity: terms?.capacity ?? event.spotsLeft ?? null,
            per_person: terms?.perPerson ?? 4,
            approval: terms?.approval ?? false,
            closes_at: local(terms?.closesAt ?? null),
            only_date: terms?.onlyDate?.toISOString() ?? '',
          }}
          dates={
            dates?.map((d) => ({ value: d.originalStart.toISOString(), label: when(d.startDate) })) ?? null
          }
        />
      </Panel>

      {terms && (
        <>
          <section aria-labelledby="people-heading" className="mt-6">
            <div className="flex flex-wrap items-center justify-between gap-2">
              <h2 id="people-heading" className="text-xl font-bold">
                {t('people')}
              </h2>
              <div className="flex flex-wrap gap-2">
                <Link href={`/account/events/${event.id}/check-in`} className={buttonClass()}>
                  <SpriteIcon name="scan-line" aria-hidden size={18} />
                  {t('check_in')}
                </Link>
                <a
                  href={apiUrl('/api/event/{id}/registrations.csv', { params: { id: event.id } })}
                  className={buttonClass({ variant: 'secondary' })}
                >
                  <Download aria-hidden size={18} />
                  {t('csv')}
                </a>
              </div>
            </div>
            <p className="mt-2 text-slate-700">
              {t('summary', {
                confirmed,
                capacity: terms.capacity,
                checkedIn,
                waiting,
                pending: pendingCount,
              })}
            </p>
            {rows.length === 0 ? (
              <p className="mt-3 text-slate-700">{t('nobody')}</p>
            ) : (
              <div className="mt-3 overflow-x-auto">
                <table className="w-full min-w-[40rem] border-collapse text-left text-sm">
                  <thead>
                    <tr className="border-b border-slate-300">
                      <th scope="col" className="py-2 pr-3">
                        {t('col.name')}
                      </th>
                      <th scope="col" className="py-2 pr-3">
                        {t('col.places')}
                      </th>
                      <th scope="col" className="py-2 pr-3">
                        {t('col.status')}
                      </th>
                      {dates && (
                        <th scope="col" className="py-2 pr-3">
                          {t('col.date')}
                        </th>
                      )}
                      <th scope="col" className="py-2 pr-3">
                        {t('col.registered')}
                      </th>
                      <th scope="col" className="py-2">
                        {t('col.actions')}
                      </th>
                    </tr>
                  </thead>
                  <tbody>
                    {rows.map((r) => (
                      <tr key={r.id} className="border-b border-slate-200 align-top">
                        <td className="py-2 pr-3">
                          <span className="font-semibold break-words">{r.name}</span>
                          <span className="block text-slate-600 break-all">{r.email}</span>
                        </td>
                        <td className="py-2 pr-3">{r.places}</td>
                        <td className="py-2 pr-3">
                          <TicketStatus status={r.status} />
                          {r.checked_in_at && (
                            <span className="mt-1 block text-slate-600">
                              {t('checked_in', { when: when(r.checked_in_at) })}
                            </span>
                          )}
                        </td>
                        {dates && <td className="py-2 pr-3">{r.date ? when(r.date) : ''}</td>}
                        <td className="py-2 pr-3">{when(r.created_at)}</td>
                        <td className="py-2">
                          {['pending', 'waiting', 'offered', 'confirmed'].includes(r.status) && (
                            <RegistrantActions
                              id={r.id}
                              name={r.name}
                              approvable={r.status === 'pending' || r.status === 'waiting'}
                            />
                          )}
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            )}
          </section>

          <Panel id="message-heading" title={t('message_heading')} className="mt-8">
            <RegistrantsMessageForm eventId={event.id} />
          </Panel>
        </>
      )}
    </div>
  );
}
