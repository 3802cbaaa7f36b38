'use client';

import { useRouter } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { useCallback, useId, useRef, useState } from 'react';
import { RequiredTextArea, SubmitOrCancel } from '@/components/forms/fields';
import { useSchemaForm } from '@/components/forms/use-schema-form';
import { useApi } from '@/components/hooks/use-api';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/toasts';
import type { ApiUrl } from '@/lib/api-client';
import { maxRejectReason } from '@/lib/form-limits';
import type { RejectInput } from '@/lib/schemas/admin-verification';

// The API's schema, loaded after the page (SchemaLoader): zod stays out of the page's first load.
const loadRejectSchema = () => import('@/lib/schemas/admin-verification').then((m) => m.rejectBodySchema);

/**
 * "Verify" and "Reject" for one queue item; "Reject" opens a small form whose reason is required
 * (checked here with the API's own schema, and again by the API). The page reloads its queue after a decision.
 */
export function VerificationActions({
  name,
  verifyUrl,
  rejectUrl,
}: {
  name: string;
  verifyUrl: ApiUrl;
  rejectUrl: ApiUrl;
}) {
  const t = useTranslations('admin_verification');
  const api = useApi();
  const router = useRouter();
  const [rejecting, setRejecting] = useState(false);
  const [verifying, setVerifying] = useState(false);
  const rejectButton = useRef<HTMLButtonElement>(null);
  const formId = useId();

  const verify = async () => {
    setVerifying(true);
    try {
      await api(verifyUrl, { method: 'POST' });
      toast.success(t('verified_done', { name }));
      router.refresh();
    } catch {
      // useApi has shown the error.
    } finally {
      setVerifying(false);
    }
  };

  const submit = useCallback(
    async (_form: HTMLFormElement, values: RejectInput) => {
      await api(rejectUrl, { method: 'POST', body: values });
      toast.success(t('rejected_done', { name }));
      setRejecting(false);
      router.refresh();
    },
    [api, rejectUrl, router, t, name],
  );
  const { errors, setErrors, pending, onSubmit } = useSchemaForm(loadRejectSchema, submit);

  const cancel = () => {
    setRejecting(false);
    setErrors({});
    requestAnimationFrame(() => rejectButton.current?.focus());
  };

  return (
    <div className="grid gap-3">
      <div className="flex flex-wrap gap-2">
        <Button onClick={verify} disabled={verifying || pending} aria-label={t('verify_named', { name })}>
          {t('verify')}
        </Button>
        <Button
          ref={rejectButton}
          variant="danger-outline"
          onClick={() => setRejecting((open) => !open)}
          disabled={verifying || pending}
          aria-expanded={rejecting}
          aria-controls={formId}
          aria-label={t('reject_named', { name })}
        >
          {t('reject')}
        </Button>
      </div>
      {rejecting && (
        <form id={formId} noValidate onSubmit={onSubmit} className="grid gap-3 rounded-lg bg-slate-50 p-3">
          <RequiredTextArea
            name="reason"
            label={t('reason')}
            errors={errors}
            maxLength={maxRejectReason}
            autoFocus
            className="min-w-0"
          />
          <p className="-mt-2 text-sm text-slate-600">{t('reason_hint')}</p>
          <SubmitOrCancel
            pending={pending}
            submitLabel={t('confirm_reject')}
            submitVariant="danger"
            cancelLabel={t('cancel')}
            onCancel={cancel}
          />
        </form>
      )}
    </div>
  );
}
