'use client';

import { useRouter } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { useCallback } from 'react';
import { RequiredTextArea, SubmitOrCancel, TextField } from '@/components/forms/fields';
import { useSchemaForm } from '@/components/forms/use-schema-form';
import { useApi } from '@/components/hooks/use-api';
import { buttonClass } from '@/components/ui/button';
import { ModalDialog, ModalTrigger, useModal } from '@/components/ui/modal-dialog';
import { refundReasonMax } from '@/lib/form-limits';
import type { RefundInput } from '@/lib/schemas/admin-refunds';

// The API's schema, loaded after the page (SchemaLoader): zod stays out of the page's first load.
const loadRefundSchema = () => import('@/lib/schemas/admin-refunds').then((m) => m.refundBodySchema);

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
      <ModalTrigger modal={modal} className={buttonClass({ variant: 'danger-outline' })}>
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
          <RequiredTextArea name="reason" label={t('reason')} errors={errors} maxLength={refundReasonMax} />
          <SubmitOrCancel
            pending={pending}
            submitLabel={t('confirm')}
            cancelLabel={t('cancel')}
            onCancel={() => modal.dialog.current?.close()}
          />
        </form>
      </ModalDialog>
    </>
  );
}
