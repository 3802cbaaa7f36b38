import { getTranslations } from 'next-intl/server';
import { Suspense } from 'react';
import { GoogleCallback } from '@/components/accounts/google-callback';
import { PageCard } from '@/components/layout/page-card';

export default async function GoogleLoginPage() {
  const t = await getTranslations('login');
  return (
    <PageCard title={t('google_title')}>
      <Suspense>
        <GoogleCallback />
      </Suspense>
    </PageCard>
  );
}
