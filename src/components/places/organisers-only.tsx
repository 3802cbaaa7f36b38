import { getTranslations } from 'next-intl/server';
import { PageCard } from '@/components/layout/page-card';
import { Link } from '@/components/ui/link';

/** What a signed-in attendee sees on the owner's place pages: places belong to organisers (spec §6). */
export async function OrganisersOnly({ title }: { title: string }) {
  const t = await getTranslations('account_places');
  const tc = await getTranslations('common');
  return (
    <PageCard title={title}>
      <p className="text-slate-700">{t('organisers_only')}</p>
      <Link
        href="/"
        className="mt-6 inline-flex min-h-11 items-center rounded-lg bg-brand-600 px-5 font-semibold text-white hover:bg-brand-700"
      >
        {tc('back_home')}
      </Link>
    </PageCard>
  );
}
