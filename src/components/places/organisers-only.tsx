import { getTranslations } from 'next-intl/server';
import { PageCard } from '@/components/layout/page-card';
import { buttonClass } from '@/components/ui/button';
import { Link } from '@/components/ui/link';

/** What a signed-in attendee sees on the owner's place pages: places belong to organisers (spec §6). */
export async function OrganisersOnly({ title }: { title: string }) {
  const t = await getTranslations('account_places');
  const tc = await getTranslations('common');
  return (
    <PageCard title={title}>
      <p className="text-slate-700">{t('organisers_only')}</p>
      <Link href="/" className={buttonClass({ className: 'mt-6' })}>
        {tc('back_home')}
      </Link>
    </PageCard>
  );
}
