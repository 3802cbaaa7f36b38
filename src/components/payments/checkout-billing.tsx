'use client';

import { useTranslations } from 'next-intl';
import { useEffect, useRef, useState } from 'react';
import { useApi } from '@/components/hooks/use-api';
import { Button } from '@/components/ui/button';
import { ModalDialog, useModal } from '@/components/ui/modal-dialog';
import type { BillingResource } from '@/lib/schemas/billing';
import { BillingForm } from './billing-form';

/**
 * Issue 27: before a purchase goes to the payment, the buyer confirms whom the invoice names: the saved
 * billing data, prefilled and editable, or a first set when there is none. Confirming saves it (the
 * order placed next copies it); Cancel, Escape or the backdrop buy nothing.
 */
export function CheckoutBilling({
  note,
  opener,
  onConfirmed,
  onCancel,
}: {
  /** What the purchase will do, said before the payer pays (a plan change's new end date). */
  note?: string;
  /** Where focus goes back when the buyer cancels. */
  opener: HTMLElement | null;
  onConfirmed: () => void;
  onCancel: () => void;
}) {
  const t = useTranslations('billing');
  const tc = useTranslations('common');
  const api = useApi();
  const modal = useModal();
  const confirmed = useRef(false);
  // undefined while loading; null when nothing is saved yet.
  const [saved, setSaved] = useState<BillingResource | null | undefined>(undefined);

  useEffect(() => {
    let live = true;
    api('/api/user/billing', { overlay: true })
      .then((result) => {
        if (live) setSaved(result.data);
      })
      .catch(() => {
        // useApi has shown the error; without the saved data the form would overwrite it blind.
        if (live) onCancel();
      });
    return () => {
      live = false;
    };
  }, [api, onCancel]);

  useEffect(() => {
    if (saved !== undefined && !modal.dialog.current?.open) modal.dialog.current?.showModal();
  }, [saved, modal.dialog]);

  return (
    <ModalDialog
      modal={modal}
      layout="centred"
      title={t('title')}
      closeLabel={tc('close')}
      empty={saved === undefined}
      describedBy={`${modal.titleId}-text`}
      onClose={(event) => {
        // React passes `close` up its own tree: a dialog this purchase started from (the event form's
        // packs) must not close with this one.
        event.stopPropagation();
        if (confirmed.current) return;
        onCancel();
        if (opener?.isConnected) opener.focus();
      }}
    >
      {saved !== undefined && (
        <div className="grid gap-4">
          {note && <p className="rounded-lg bg-brand-50 p-3 font-medium text-brand-700">{note}</p>}
          <p id={`${modal.titleId}-text`} className="text-slate-700">
            {saved ? t('checkout_text') : t('checkout_first')}
          </p>
          <BillingForm
            initial={saved}
            submitLabel={t('checkout_confirm')}
            onSaved={() => {
              confirmed.current = true;
              onConfirmed();
            }}
            secondary={
              <Button variant="secondary" onClick={() => modal.dialog.current?.close()}>
                {t('cancel')}
              </Button>
            }
          />
        </div>
      )}
    </ModalDialog>
  );
}
