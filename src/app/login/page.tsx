import type { Metadata } from 'next';
import { redirect } from 'next/navigation';
import { getTranslations } from 'next-intl/server';
import { LoginForm } from '@/components/accounts/login-form';
import { PageCard } from '@/components/layout/page-card';
import { safeNextPath } from '@/lib/next-path';
import { enabledProviders, facebookAppId } from '@/server/auth/social/providers';
import { getPageUser } from '@/web/page-user';

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations('login'))('title') };
}

export default async function LoginPage({ searchParams }: { searchParams: Promise<{ next?: unknown }> }) {
  // Already signed in: straight on to where the sign-in would have led.
  if (await getPageUser()) redirect(safeNextPath((await searchParams).next));
  const t = await getTranslations('login');
  return (
    <PageCard title={t('title')}>
      <LoginForm providers={{ ...enabledProviders(), facebookAppId: facebookAppId() }} />
    </PageCard>
  );
}
