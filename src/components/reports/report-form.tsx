'use client';

import { useTranslations } from 'next-intl';
import { useId } from 'react';
import {
  ErrorText,
  RequiredMark,
  SubmitOrCancel,
  TextAreaField,
  useFieldError,
} from '@/components/forms/fields';
import { useSchemaForm } from '@/components/forms/use-schema-form';
import { useApi } from '@/components/hooks/use-api';
import { textMax } from '@/lib/form-limits';
import { type ReportTarget, reportReasons } from '@/lib/schemas/reports';

const loadReportSchema = () => import('@/lib/schemas/reports').then((m) => m.reportBodySchema);

/**
 * The report dialog's form: loaded by ReportButton when the dialog first opens, so zod and the form
 * helpers stay out of the pages that only show the button.
 */
export function ReportForm({
  target,
  targetId,
  onSent,
  onCancel,
}: {
  target: ReportTarget;
  targetId: number;
  onSent: () => void;
  onCancel: () => void;
}) {
  const t = useTranslations('reports');
  const api = useApi();
  const legendId = useId();
  const { errors, pending, onSubmit } = useSchemaForm(loadReportSchema, async (form, values) => {
    await api('/api/report', { method: 'POST', body: values, successToast: true });
    form.reset();
    onSent();
  });
  const reasonErrors = useFieldError(errors, 'reason');
  const itemErrors = useFieldError(errors, 'target_id');

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
      <p className="text-sm text-slate-700">{t('intro')}</p>
      <input type="hidden" name="target" value={target} />
      <input type="hidden" name="target_id" value={targetId} />
      <fieldset aria-describedby={reasonErrors.length ? `${legendId}-error` : undefined}>
        <legend id={legendId} className="mb-2 font-medium">
          {t('reason_legend')}
          <RequiredMark shown />
        </legend>
        <div className="flex flex-col gap-1">
          {reportReasons.map((reason, i) => (
            <label key={reason} className="flex min-h-11 cursor-pointer items-center gap-3">
              <input
                type="radio"
                name="reason"
                value={reason}
                required
                defaultChecked={i === 0}
                className="h-5 w-5 accent-brand-600"
              />
              {t(`reasons.${reason}`)}
            </label>
          ))}
        </div>
        <ErrorText id={`${legendId}-error`} messages={reasonErrors} />
      </fieldset>
      <div>
        <TextAreaField name="text" label={t('text_label')} errors={errors} maxLength={textMax.report} />
        <p className="mt-1 text-xs text-slate-600">{t('text_hint')}</p>
      </div>
      <ErrorText id={`${legendId}-item-error`} messages={itemErrors} />
      <SubmitOrCancel
        pending={pending}
        submitLabel={pending ? t('sending') : t('submit')}
        cancelLabel={t('cancel')}
        onCancel={onCancel}
      />
    </form>
  );
}
