'use client';

import { useTranslations } from 'next-intl';
import { TokenLinkResult } from '@/components/ui/token-link-result';
import { apiUrl } from '@/lib/api-client';
import { flattenApiError } from '@/lib/api-errors';

/** The newsletter mail's link: confirms the subscription once and shows the API's answer. */
export function NewsletterConfirm({ token }: { token: string }) {
  const t = useTranslations('newsletter_page');
  return (
    <TokenLinkResult
      url={apiUrl('/api/newsletter/confirm/{token}', { params: { token } })}
      texts={{ pending: t('pending'), failed: t('failed'), next: t('back_home') }}
      next="/"
      readError={(body) => flattenApiError(body)[0]}
    />
  );
}
