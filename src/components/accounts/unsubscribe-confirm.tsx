'use client';

import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { SubmitButton } from '@/components/forms/fields';
import { TokenLinkResult } from '@/components/ui/token-link-result';
import { apiUrl } from '@/lib/api-client';
import { flattenApiError } from '@/lib/api-errors';

/**
 * The unsubscribe link of a mail: asks first, because mail scanners open every link of a mail and
 * must not turn the setting off by doing so (only a POST does).
 */
export function UnsubscribeConfirm({ token }: { token: string }) {
  const t = useTranslations('unsubscribe');
  const [confirmed, setConfirmed] = useState(false);
  if (confirmed)
    return (
      <TokenLinkResult
        url={apiUrl('/api/unsubscribe', { query: { token } })}
        texts={{ pending: t('pending'), failed: t('failed'), next: t('back_home') }}
        next="/"
        readError={(body) => flattenApiError(body)[0]}
      />
    );
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        setConfirmed(true);
      }}
      className="grid gap-4"
    >
      <p>{t('intro')}</p>
      <div>
        <SubmitButton pending={false}>{t('confirm')}</SubmitButton>
      </div>
    </form>
  );
}
