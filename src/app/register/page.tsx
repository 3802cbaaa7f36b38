import type { Metadata } from 'next';
import { redirect } from 'next/navigation';
import { getLocale, getTranslations } from 'next-intl/server';
import { RegisterTabs } from '@/components/accounts/register-tabs';
import { PageCard } from '@/components/layout/page-card';
import { getDb } from '@/db/client';
import type { Locale } from '@/lib/locale';
import { getPageUser } from '@/server/auth/current-user';
import { listCategories, listLanguages } from '@/server/categories/list-categories';
import { getCompanyPlan } from '@/server/plans/company-plan';

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations('register'))('title') };
}

export default async function RegisterPage() {
  if (await getPageUser()) redirect('/');
  const locale = (await getLocale()) as Locale;
  const t = await getTranslations('register');
  const [categories, languages, plan] = await Promise.all([
    listCategories({ locale }),
    listLanguages({ locale }),
    getCompanyPlan(await getDb(), null),
  ]);
  return (
    <PageCard title={t('title')} wide>
      <RegisterTabs
        categories={categories.map((c) => ({ id: c.id, name: c.name }))}
        languages={languages}
        limits={{ images: plan?.imagesCount ?? 0, movies: plan?.moviesCount ?? 0 }}
      />
    </PageCard>
  );
}
