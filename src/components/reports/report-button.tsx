'use client';

import { Flag } from 'lucide-react';
import Link from 'next/link';
import { usePathname } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { useId, useState } from 'react';
import { ErrorText, SubmitButton, TextAreaField, useFieldError } from '@/components/forms/fields';
import { useSchemaForm } from '@/components/forms/use-schema-form';
import { useApi } from '@/components/hooks/use-api';
import { ModalDialog, ModalTrigger, useModal } from '@/components/ui/modal-dialog';
import { loginPath } from '@/lib/next-path';
import { type ReportTarget, reportBodySchema, reportReasons } from '@/lib/schemas/reports';

const buttonClass =
  'inline-flex min-h-11 items-center gap-1.5 rounded-full px-3 text-sm font-medium text-slate-600 hover:bg-slate-100 hover:text-slate-900 disabled:opacity-60';

/**
 * Issue 14: "Report" next to a comment, a place, an event or a message. A signed-in person picks a
 * reason (and writes why, required for "other") in a dialog; a guest is sent to sign in and back.
 */
export function ReportButton({
  target,
  targetId,
  signedIn,
  className = '',
}: {
  target: ReportTarget;
  targetId: number;
  signedIn: boolean;
  className?: string;
}) {
  const t = useTranslations('reports');
  const pathname = usePathname();
  if (!signedIn) {
    return (
      <Link href={loginPath(pathname)} className={`${buttonClass} ${className}`} title={t('login')}>
        <Flag aria-hidden size={16} />
        <span>{t('button')}</span>
        <span className="sr-only">{`: ${t(`label.${target}`)}`}</span>
      </Link>
    );
  }
  return <ReportDialog target={target} targetId={targetId} className={className} />;
}

function ReportDialog({
  target,
  targetId,
  className,
}: {
  target: ReportTarget;
  targetId: number;
  className: string;
}) {
  const t = useTranslations('reports');
  const api = useApi();
  const modal = useModal();
  const legendId = useId();
  const [done, setDone] = useState(false);
  const { errors, pending, onSubmit } = useSchemaForm(reportBodySchema, async (form, values) => {
    await api('/api/report', { method: 'POST', body: values, successToast: true });
    setDone(true);
    form.reset();
    modal.dialog.current?.close();
  });
  const reasonErrors = useFieldError(errors, 'reason');
  const itemErrors = useFieldError(errors, 'target_id');

  if (done) {
    return (
      <span className={`${buttonClass} ${className}`} role="status">
        <Flag aria-hidden size={16} />
        {t('reported')}
      </span>
    );
  }
  return (
    <>
      <ModalTrigger modal={modal} className={`${buttonClass} ${className}`}>
        <Flag aria-hidden size={16} />
        <span aria-hidden>{t('button')}</span>
        <span className="sr-only">{t(`label.${target}`)}</span>
      </ModalTrigger>
      <ModalDialog modal={modal} layout="centred" title={t('title')} closeLabel={t('close')}>
        <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
          <p className="text-sm text-slate-700">{t('intro')}</p>
          <input type="hidden" name="target" value={target} />
          <input type="hidden" name="target_id" value={targetId} />
          <fieldset aria-describedby={reasonErrors.length ? `${legendId}-error` : undefined}>
            <legend id={legendId} className="mb-2 font-medium">
              {t('reason_legend')}
              <span aria-hidden className="text-red-700">
                {' '}
                *
              </span>
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
            <TextAreaField name="text" label={t('text_label')} errors={errors} maxLength={1000} />
            <p className="mt-1 text-xs text-slate-600">{t('text_hint')}</p>
          </div>
          <ErrorText id={`${legendId}-item-error`} messages={itemErrors} />
          <div className="flex flex-wrap gap-2">
            <SubmitButton pending={pending}>{pending ? t('sending') : t('submit')}</SubmitButton>
            <button
              type="button"
              onClick={() => modal.dialog.current?.close()}
              className="h-11 rounded-lg border border-slate-300 px-4 font-medium hover:bg-slate-50"
            >
              {t('cancel')}
            </button>
          </div>
        </form>
      </ModalDialog>
    </>
  );
}
