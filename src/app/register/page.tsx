import { getLocale, getTranslations } from 'next-intl/server';
import { RegisterTabs } from '@/components/accounts/register-tabs';
import { PageCard } from '@/components/layout/page-card';
import { titled } from '@/i18n/page-title';
import type { Locale } from '@/lib/locale';
import { listCategories, listLanguages } from '@/server/categories/list-categories';
import { companyMediaLimits } from '@/server/plans/limits';
import { getPaymentSettings } from '@/server/plans/list-plans';
import { redirectTo } from '@/web/locale-redirect';
import { getPageUser } from '@/web/page-user';

export const generateMetadata = titled('register.title');

export default async function RegisterPage() {
  if (await getPageUser()) return redirectTo('/');
  const locale = (await getLocale()) as Locale;
  const t = await getTranslations('register');
  const [categories, languages, limits, payments] = await Promise.all([
    listCategories({ locale }),
    listLanguages({ locale }),
    companyMediaLimits(null, 'place'),
    getPaymentSettings({ locale }),
  ]);
  return (
    <PageCard title={t('title')} wide>
      <RegisterTabs
        categories={categories.map((c) => ({ id: c.id, name: c.name }))}
        languages={languages}
        limits={limits}
        homeAd={payments.home_ad}
      />
    </PageCard>
  );
}
