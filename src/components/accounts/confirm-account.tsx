'use client';

import { useTranslations } from 'next-intl';
import { useRouter } from '@/components/hooks/use-router';
import { TokenLinkResult } from '@/components/ui/token-link-result';
import { apiUrl } from '@/lib/api-client';

/**
 * The sign-in page then says the account is confirmed (issue 29) instead of opening bare, in the page's
 * language (the router puts /en before it on an English page, issue 31).
 */
const confirmedLogin = '/login?confirmed=1';

/** Spec §2 /user/verify/{token}, /confirm/{token}: confirms the account, then goes to /login. */
export function ConfirmAccount({ token }: { token: string }) {
  const t = useTranslations('confirm');
  const router = useRouter();
  return (
    <TokenLinkResult
      url={apiUrl('/api/user/verify/{token}', { params: { token } })}
      texts={{ pending: t('pending'), failed: t('failed'), next: t('to_login') }}
      next={confirmedLogin}
      readError={(body) => (body as { message?: string })?.message}
      onConfirmed={() => window.setTimeout(() => router.push(confirmedLogin), 2500)}
    />
  );
}
