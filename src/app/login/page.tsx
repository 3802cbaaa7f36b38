import { getTranslations } from 'next-intl/server';
import { LoginForm } from '@/components/accounts/login-form';
import { PageCard } from '@/components/layout/page-card';
import { titled } from '@/i18n/page-title';
import { safeNextPath } from '@/lib/next-path';
import { enabledProviders, facebookAppId } from '@/server/auth/social/providers';
import { redirectTo } from '@/web/locale-redirect';
import { getPageUser } from '@/web/page-user';

export const generateMetadata = titled('login.title');

export default async function LoginPage({
  searchParams,
}: {
  searchParams: Promise<{ next?: unknown; confirmed?: unknown }>;
}) {
  const query = await searchParams;
  // Already signed in: straight on to where the sign-in would have led.
  if (await getPageUser()) return redirectTo(safeNextPath(query.next));
  const t = await getTranslations('login');
  return (
    <PageCard title={t('title')}>
      {/* Issue 29: the account's confirmation link leads here; it says what happened and what is next. */}
      {query.confirmed === '1' && (
        <p role="status" className="mb-4 rounded-xl border border-green-200 bg-green-50 p-4 text-green-900">
          {t('confirmed')}
        </p>
      )}
      <LoginForm providers={{ ...enabledProviders(), facebookAppId: facebookAppId() }} />
    </PageCard>
  );
}
