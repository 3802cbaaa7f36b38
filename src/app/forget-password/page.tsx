import { getTranslations } from 'next-intl/server';
import { ForgetPassword } from '@/components/accounts/password-forms';
import { PageCard } from '@/components/layout/page-card';
import { titled } from '@/i18n/page-title';

export const generateMetadata = titled('password.title');

type Search = Promise<Record<string, string | string[] | undefined>>;

export default async function ForgetPasswordPage({ searchParams }: { searchParams: Search }) {
  const t = await getTranslations('password');
  const params = await searchParams;
  const one = (v: string | string[] | undefined) => (typeof v === 'string' ? v : undefined);
  return (
    <PageCard title={t('title')}>
      <ForgetPassword token={one(params.token)} email={one(params.email)} />
    </PageCard>
  );
}
