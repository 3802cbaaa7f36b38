'use client';

import { useTranslations } from 'next-intl';
import { useEffect, useId, useRef, useState } from 'react';
import { useApi } from '@/components/hooks/use-api';
import { useCheckout } from '@/components/payments/use-checkout';
import { Button, buttonClass } from '@/components/ui/button';
import { Link } from '@/components/ui/link';
import { ModalFrame } from '@/components/ui/modal-dialog';
import { type ApiAnswer, apiUrl } from '@/lib/api-client';
import { formatPrice } from '@/lib/format';

/** An event pack of spec §7 GET /api/payment_setting (price in PLN). */
type EventPackage = ApiAnswer<'/api/payment_setting'>['data']['packages'][number];

/**
 * Spec §2 buy-packages dialog: opens when the company has no creations left. It lists the event
 * packs, each bought at once (spec §7 /api/payu/buy_events), and points to the PRO plans page.
 * Escape closes it and focus goes back to what opened it.
 */
export function BuyPackagesDialog({
  open,
  onClose,
  fallbackFocus,
}: {
  open: boolean;
  onClose: () => void;
  /** Where focus goes on close when nothing focusable opened the dialog (it opened by itself). */
  fallbackFocus?: () => HTMLElement | null;
}) {
  const t = useTranslations('event_form.packages');
  const tc = useTranslations('common');
  const to = useTranslations('orders');
  const api = useApi();
  const { checkout, busy, dialog: billingDialog } = useCheckout();
  const id = useId();
  const dialog = useRef<HTMLDialogElement>(null);
  const opener = useRef<HTMLElement | null>(null);
  const [packages, setPackages] = useState<EventPackage[] | null>(null);

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (open && !element.open) {
      const active = document.activeElement;
      opener.current = active instanceof HTMLElement && active !== document.body ? active : null;
      element.showModal();
    } else if (!open && element.open) {
      element.close();
    }
  }, [open]);

  useEffect(() => {
    if (!open || packages !== null) return;
    let live = true;
    api('/api/payment_setting')
      .then((result) => {
        if (live) setPackages(result.data.packages);
      })
      .catch(() => {
        // useApi has shown the error; the dialog shows an empty list.
        if (live) setPackages([]);
      });
    return () => {
      live = false;
    };
  }, [open, packages, api]);

  return (
    <ModalFrame
      dialogRef={dialog}
      size="medium"
      labelledBy={`${id}-title`}
      describedBy={`${id}-text`}
      onClose={() => {
        onClose();
        const target = opener.current?.isConnected ? opener.current : fallbackFocus?.();
        target?.focus();
      }}
    >
      <div className="grid gap-4 p-5 sm:p-6">
        <h2 id={`${id}-title`} className="text-xl font-semibold">
          {t('title')}
        </h2>
        <p id={`${id}-text`} className="text-slate-700">
          {t('text')}
        </p>
        {packages === null ? (
          <p role="status" className="text-slate-600">
            {tc('loading')}
          </p>
        ) : packages.length === 0 ? (
          <p className="text-slate-600">{t('empty')}</p>
        ) : (
          <ul className="grid gap-3">
            {packages.map((pack) => (
              <li
                key={pack.id}
                className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1 rounded-xl border border-slate-200 p-4"
              >
                <div className="min-w-0">
                  <p className="font-semibold break-words">{pack.description}</p>
                  <p className="text-sm text-slate-600">{t('count', { count: pack.count })}</p>
                </div>
                <div className="flex items-center gap-3">
                  <p className="text-lg font-bold whitespace-nowrap text-brand-700">
                    {formatPrice(Math.round(pack.price * 100))}
                  </p>
                  <Button
                    disabled={busy}
                    aria-label={to('buy_named', { name: pack.description })}
                    onClick={() => checkout(apiUrl('/api/payu/buy_events/{id}', { params: { id: pack.id } }))}
                  >
                    {to('buy')}
                  </Button>
                </div>
              </li>
            ))}
          </ul>
        )}
        <div className="flex flex-wrap justify-end gap-3">
          <Link href="/premium" className={buttonClass({ variant: 'outline' })}>
            {t('pro_link')}
          </Link>
          <Button variant="secondary" onClick={() => dialog.current?.close()}>
            {t('close')}
          </Button>
        </div>
      </div>
      {/* In <body> (a portal); its `close` does not reach this dialog (checkout-billing.tsx). */}
      {billingDialog}
    </ModalFrame>
  );
}
