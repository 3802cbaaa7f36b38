'use client';

import { useCallback, useEffect, useState } from 'react';
import { useApi } from '@/components/hooks/use-api';
import type { PaymentStart } from '@/lib/schemas/orders';

/**
 * Spec §7 /api/payu/*: `checkout(path)` places the order and sends the browser to the payment page the
 * API answers. Errors are toasts already (useApi); `busy` comes back to false after one, and when the
 * payer returns with Back from the payment page (the page is restored from the back/forward cache).
 */
export function useCheckout() {
  const api = useApi();
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    const reset = (event: PageTransitionEvent) => {
      if (event.persisted) setBusy(false);
    };
    window.addEventListener('pageshow', reset);
    return () => window.removeEventListener('pageshow', reset);
  }, []);

  const checkout = useCallback(
    async (path: string) => {
      setBusy(true);
      try {
        const { data } = await api<{ data: PaymentStart }>(path, { overlay: true });
        window.location.assign(data.url);
      } catch {
        // useApi has shown the error.
        setBusy(false);
      }
    },
    [api],
  );

  return { checkout, busy };
}
