import { getTranslations } from 'next-intl/server';
import { ConfirmAccount } from '@/components/accounts/confirm-account';
import { PageCard } from '@/components/layout/page-card';
import { redirectTo } from '@/web/locale-redirect';
import { getPageUser } from '@/web/page-user';

export default async function VerifyPage({ params }: { params: Promise<{ token: string }> }) {
  if (await getPageUser()) return redirectTo('/');
  const t = await getTranslations('confirm');
  return (
    <PageCard title={t('title')}>
      <ConfirmAccount token={(await params).token} />
    </PageCard>
  );
}
