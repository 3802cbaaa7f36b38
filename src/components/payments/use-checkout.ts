'use client';

import dynamic from 'next/dynamic';
import { createElement, useCallback, useEffect, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { useApi } from '@/components/hooks/use-api';
import type { ApiAnswer, ApiUrl } from '@/lib/api-client';

// Loaded on the first purchase: the billing form and its schema stay out of the pages' first load.
const CheckoutBilling = dynamic(() => import('./checkout-billing').then((m) => m.CheckoutBilling), {
  ssr: false,
});

/** What every purchase of spec §7 /api/payu/* answers: the order and its payment page. */
type PaymentAnswer = ApiAnswer<'/api/payu/pay/{ext_order_id}'>;

interface Asked {
  path: ApiUrl;
  note?: string;
  opener: HTMLElement | null;
}

/**
 * Spec §7 /api/payu/*: `checkout(path)` first has the buyer confirm the billing data (issue 27; render
 * `dialog` where the hook is used), then places the order and sends the browser to the payment page the
 * API answers. `note` says in the dialog what the purchase will do. Errors are toasts already (useApi);
 * `busy` comes back to false after one, on Cancel, and when the payer returns with Back from the payment
 * page (the page is restored from the back/forward cache).
 */
export function useCheckout() {
  const api = useApi();
  const [busy, setBusy] = useState(false);
  const [asked, setAsked] = useState<Asked | null>(null);
  const current = useRef<Asked | null>(null);

  useEffect(() => {
    const reset = (event: PageTransitionEvent) => {
      if (event.persisted) setBusy(false);
    };
    window.addEventListener('pageshow', reset);
    return () => window.removeEventListener('pageshow', reset);
  }, []);

  const checkout = useCallback((path: ApiUrl, options: { note?: string } = {}) => {
    const active = document.activeElement;
    const request = {
      path,
      note: options.note,
      opener: active instanceof HTMLElement && active !== document.body ? active : null,
    };
    current.current = request;
    setBusy(true);
    setAsked(request);
  }, []);

  const cancel = useCallback(() => {
    current.current = null;
    setAsked(null);
    setBusy(false);
  }, []);

  const pay = useCallback(async () => {
    const request = current.current;
    setAsked(null);
    if (!request) return;
    try {
      const { data } = (await api(request.path, { overlay: true })) as PaymentAnswer;
      window.location.assign(data.url);
    } catch {
      // useApi has shown the error.
      setBusy(false);
      if (request.opener?.isConnected) request.opener.focus();
    }
  }, [api]);

  // In <body>, not where the hook is used: a purchase may sit inside another form (the company profile's
  // home-page ad), and a form must not nest in a form.
  const dialog = asked
    ? createPortal(
        createElement(CheckoutBilling, {
          note: asked.note,
          opener: asked.opener,
          onConfirmed: pay,
          onCancel: cancel,
        }),
        document.body,
      )
    : null;

  return { checkout, busy, dialog };
}
