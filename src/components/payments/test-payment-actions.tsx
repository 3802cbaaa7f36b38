'use client';

import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { useApi } from '@/components/hooks/use-api';
import { Button } from '@/components/ui/button';

/** The test provider's two answers: the portal is notified as PayU would notify it, then the payer returns. */
export function TestPaymentActions({ extOrderId }: { extOrderId: string }) {
  const t = useTranslations('cart');
  const api = useApi();
  const [busy, setBusy] = useState(false);

  const finish = async (outcome: 'success' | 'failure') => {
    setBusy(true);
    try {
      const { data } = await api('/api/payu/test/{ext_order_id}', {
        method: 'POST',
        params: { ext_order_id: extOrderId },
        body: { outcome },
        overlay: true,
      });
      window.location.assign(data.url);
    } catch {
      // useApi has shown the error.
      setBusy(false);
    }
  };

  return (
    <div className="flex flex-wrap gap-3">
      <Button disabled={busy} onClick={() => finish('success')}>
        {t('test_pay')}
      </Button>
      <Button variant="secondary" disabled={busy} onClick={() => finish('failure')}>
        {t('test_reject')}
      </Button>
    </div>
  );
}
