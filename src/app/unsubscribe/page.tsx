import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { UnsubscribeConfirm } from '@/components/accounts/unsubscribe-confirm';
import { PageCard } from '@/components/layout/page-card';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('unsubscribe');
  return { title: t('title'), robots: { index: false } };
}

/** The link at the foot of every mail about messages and reminders. */
export default async function UnsubscribePage({
  searchParams,
}: {
  searchParams: Promise<{ token?: string | string[] }>;
}) {
  const t = await getTranslations('unsubscribe');
  const { token } = await searchParams;
  return (
    <PageCard title={t('title')}>
      <UnsubscribeConfirm token={typeof token === 'string' ? token : ''} />
    </PageCard>
  );
}
