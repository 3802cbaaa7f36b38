'use client';

import { useRouter } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { TokenLinkResult } from '@/components/ui/token-link-result';

/**
 * The sign-in page then says the account is confirmed (issue 29) instead of opening bare. Unprefixed
 * like the portal's other links: an /en page has set the language cookie, which it follows.
 */
const confirmedLogin = '/login?confirmed=1';

/** Spec §2 /user/verify/{token}, /confirm/{token}: confirms the account, then goes to /login. */
export function ConfirmAccount({ token }: { token: string }) {
  const t = useTranslations('confirm');
  const router = useRouter();
  return (
    <TokenLinkResult
      url={`/api/user/verify/${encodeURIComponent(token)}`}
      texts={{ pending: t('pending'), failed: t('failed'), next: t('to_login') }}
      next={confirmedLogin}
      readError={(body) => (body as { message?: string })?.message}
      onConfirmed={() => window.setTimeout(() => router.push(confirmedLogin), 2500)}
    />
  );
}
