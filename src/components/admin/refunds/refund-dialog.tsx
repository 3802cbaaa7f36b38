'use client';

import { useRouter } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { useCallback } from 'react';
import { SubmitButton, TextAreaField, TextField } from '@/components/forms/fields';
import { useSchemaForm } from '@/components/forms/use-schema-form';
import { useApi } from '@/components/hooks/use-api';
import { ModalDialog, ModalTrigger, useModal } from '@/components/ui/modal-dialog';
import { refundReasonMax } from '@/lib/form-limits';
import type { RefundInput } from '@/lib/schemas/admin-refunds';

// The API's schema, loaded after the page (SchemaLoader): zod stays out of the page's first load.
const loadRefundSchema = () => import('@/lib/schemas/admin-refunds').then((m) => m.refundBodySchema);

const button =
  'inline-flex min-h-11 items-center justify-center rounded-lg px-4 font-semibold disabled:opacity-60';

/** Refund (a dialog asking how much and why) for one paid order; the list reloads afterwards. */
export function RefundDialog({
  orderId,
  refundable,
}: {
  orderId: number;
  refundable: { pln: number; label: string };
}) {
  const t = useTranslations('admin_refunds');
  const api = useApi();
  const router = useRouter();
  const modal = useModal();

  const submit = useCallback(
    async (form: HTMLFormElement, values: RefundInput) => {
      // The form checked grosze; the API takes PLN like every amount it answers.
      await api('/api/admin/order/{id}/refund', {
        method: 'POST',
        params: { id: orderId },
        body: { amount: values.amount / 100, reason: values.reason },
        successToast: true,
      });
      form.reset();
      modal.dialog.current?.close();
      router.refresh();
    },
    [api, orderId, modal.dialog, router],
  );
  const { errors, pending, onSubmit } = useSchemaForm(loadRefundSchema, submit);

  return (
    <>
      <ModalTrigger
        modal={modal}
        className={`${button} border border-red-300 bg-white text-red-800 hover:bg-red-50`}
      >
        {t('refund')}
        <span className="sr-only">: {t('order_number', { id: orderId })}</span>
      </ModalTrigger>
      <ModalDialog
        modal={modal}
        layout="centred"
        title={t('dialog_title', { id: orderId })}
        closeLabel={t('close')}
      >
        <form noValidate onSubmit={onSubmit} className="grid gap-4">
          <p className="text-slate-700">{t('dialog_intro', { max: refundable.label })}</p>
          <TextField
            name="amount"
            label={t('amount')}
            errors={errors}
            required
            inputMode="decimal"
            autoComplete="off"
            defaultValue={refundable.pln.toFixed(2)}
          />
          <TextAreaField
            name="reason"
            label={t('reason')}
            errors={errors}
            required
            maxLength={refundReasonMax}
          />
          <div className="flex flex-wrap gap-2">
            <SubmitButton pending={pending}>{t('confirm')}</SubmitButton>
            <button
              type="button"
              onClick={() => modal.dialog.current?.close()}
              className={`${button} border border-slate-300 bg-white text-slate-800 hover:bg-slate-100`}
            >
              {t('cancel')}
            </button>
          </div>
        </form>
      </ModalDialog>
    </>
  );
}
