import type { Metadata } from 'next';
import { connection } from 'next/server';
import { getFormatter, getTranslations } from 'next-intl/server';
import { OrganisersOnly } from '@/components/places/organisers-only';
import { CheckInDesk } from '@/components/registrations/check-in-desk';
import { Link } from '@/components/ui/link';
import { organisersEvent } from '@/server/registrations/organiser-page';
import { redirectTo, redirectToLogin } from '@/web/locale-redirect';
import { getPageUser } from '@/web/page-user';

type Props = { params: Promise<{ id: string }> };

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations('registrants_page'))('check_in_title'), robots: { index: false } };
}

/** Issue 33: the organiser's check-in page for one event, for a phone at the door. */
export default async function CheckInPage({ params }: Props) {
  await connection();
  const { id } = await params;
  const user = await getPageUser();
  if (!user) return redirectToLogin(`/account/events/${id}/check-in`);
  const t = await getTranslations('registrants_page');
  if (user.role !== 'company') return <OrganisersOnly title={t('check_in_title')} />;
  const found = /^\d{1,9}$/.test(id) ? await organisersEvent(user, Number(id)) : null;
  if (!found) return redirectTo('/calendar');
  const format = await getFormatter();
  const dates =
    found.dates?.map((d) => ({
      value: d.originalStart.toISOString(),
      label: format.dateTime(d.startDate, {
        dateStyle: 'medium',
        timeStyle: 'short',
        timeZone: 'Europe/Warsaw',
      }),
    })) ?? null;
  return (
    <div className="mx-auto max-w-lg px-4 py-6">
      <p>
        <Link href={`/account/events/${found.event.id}/registrations`} className="text-brand-700 underline">
          {t('back_to_list')}
        </Link>
      </p>
      <h1 className="mt-2 text-2xl font-bold break-words">{t('check_in_heading', { name: found.name })}</h1>
      <div className="mt-4">
        <CheckInDesk eventId={found.event.id} dates={dates} />
      </div>
    </div>
  );
}
