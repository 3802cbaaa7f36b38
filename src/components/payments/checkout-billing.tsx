'use client';

import { useTranslations } from 'next-intl';
import { useEffect, useId, useRef, useState } from 'react';
import { useApi } from '@/components/hooks/use-api';
import { X } from '@/components/ui/icons';
import { useBackdropClose } from '@/components/ui/modal-dialog';
import type { BillingResource } from '@/lib/schemas/billing';
import { BillingForm } from './billing-form';

const secondaryButton =
  'inline-flex min-h-11 items-center justify-center rounded-lg border border-slate-300 px-5 font-semibold text-slate-800 hover:bg-slate-50';

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
  const id = useId();
  const dialog = useRef<HTMLDialogElement>(null);
  const confirmed = useRef(false);
  // undefined while loading; null when nothing is saved yet.
  const [saved, setSaved] = useState<BillingResource | null | undefined>(undefined);
  const backdrop = useBackdropClose();

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
    if (saved !== undefined && !dialog.current?.open) dialog.current?.showModal();
  }, [saved]);

  return (
    <dialog
      ref={dialog}
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-text`}
      onClose={(event) => {
        // React passes `close` up its own tree: a dialog this purchase started from (the event form's
        // packs) must not close with this one.
        event.stopPropagation();
        if (confirmed.current) return;
        onCancel();
        if (opener?.isConnected) opener.focus();
      }}
      {...backdrop}
      className="m-auto w-[calc(100%-2rem)] max-w-2xl rounded-2xl bg-white p-0 text-slate-900 shadow-xl backdrop:bg-slate-900/60"
    >
      {saved !== undefined && (
        <div className="flex max-h-[85dvh] flex-col">
          <div className="flex items-center justify-between gap-4 border-b border-slate-200 px-5 py-3">
            <h2 id={`${id}-title`} className="text-lg font-semibold">
              {t('title')}
            </h2>
            <button
              type="button"
              onClick={() => dialog.current?.close()}
              aria-label={tc('close')}
              className="flex h-10 w-10 shrink-0 items-center justify-center rounded-full hover:bg-slate-100"
            >
              <X aria-hidden size={20} />
            </button>
          </div>
          <div className="grid gap-4 overflow-y-auto px-5 py-4">
            {note && <p className="rounded-lg bg-brand-50 p-3 font-medium text-brand-700">{note}</p>}
            <p id={`${id}-text`} className="text-slate-700">
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
                <button type="button" onClick={() => dialog.current?.close()} className={secondaryButton}>
                  {t('cancel')}
                </button>
              }
            />
          </div>
        </div>
      )}
    </dialog>
  );
}
