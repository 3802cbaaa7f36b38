'use client';

import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { useApi } from '@/components/hooks/use-api';

const button =
  'inline-flex min-h-11 items-center justify-center rounded-lg px-5 font-semibold disabled:opacity-60';

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
      <button
        type="button"
        disabled={busy}
        onClick={() => finish('success')}
        className={`${button} bg-brand-600 text-white hover:bg-brand-700`}
      >
        {t('test_pay')}
      </button>
      <button
        type="button"
        disabled={busy}
        onClick={() => finish('failure')}
        className={`${button} border-2 border-slate-300 bg-white text-slate-800 hover:bg-slate-50`}
      >
        {t('test_reject')}
      </button>
    </div>
  );
}
