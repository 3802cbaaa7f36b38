'use client';

import { useRouter } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { useCallback, useState } from 'react';
import { RequiredTextArea, SubmitOrCancel } from '@/components/forms/fields';
import { useSchemaForm } from '@/components/forms/use-schema-form';
import { useApi } from '@/components/hooks/use-api';
import { Button, buttonClass } from '@/components/ui/button';
import { ModalDialog, ModalTrigger, useModal } from '@/components/ui/modal-dialog';
import { textMax } from '@/lib/form-limits';
import type { BlockUserInput } from '@/lib/schemas/admin-moderation';

// The API's schema, loaded after the page (SchemaLoader): zod stays out of the page's first load.
const loadBlockSchema = () => import('@/lib/schemas/admin-moderation').then((m) => m.blockUserBodySchema);

/** Block (a dialog asking for the reason) or Unblock one account; the list reloads afterwards. */
export function UserActions({ id, email, blocked }: { id: number; email: string; blocked: boolean }) {
  const t = useTranslations('admin_moderation');
  const api = useApi();
  const router = useRouter();
  const modal = useModal();
  const [pending, setPending] = useState(false);

  const submit = useCallback(
    async (form: HTMLFormElement, values: BlockUserInput) => {
      await api('/api/admin/user/{id}/block', {
        method: 'POST',
        params: { id: String(id) },
        body: values,
        successToast: true,
      });
      form.reset();
      modal.dialog.current?.close();
      router.refresh();
    },
    [api, id, modal.dialog, router],
  );
  const { errors, pending: blocking, onSubmit } = useSchemaForm(loadBlockSchema, submit);

  const unblock = async () => {
    setPending(true);
    try {
      await api('/api/admin/user/{id}/unblock', {
        method: 'POST',
        params: { id: String(id) },
        successToast: true,
      });
      router.refresh();
    } catch {
      // useApi has shown the error.
    } finally {
      setPending(false);
    }
  };

  if (blocked) {
    return (
      <Button variant="outline" onClick={unblock} disabled={pending} aria-label={`${t('unblock')}: ${email}`}>
        {t('unblock')}
      </Button>
    );
  }
  return (
    <>
      <ModalTrigger modal={modal} className={buttonClass({ variant: 'danger-outline' })}>
        {t('block')}
        <span className="sr-only">: {email}</span>
      </ModalTrigger>
      <ModalDialog modal={modal} layout="centred" title={t('block_title', { email })} closeLabel={t('close')}>
        <form noValidate onSubmit={onSubmit} className="grid gap-4">
          <p className="text-slate-700">{t('block_intro')}</p>
          <RequiredTextArea
            name="reason"
            label={t('block_reason')}
            errors={errors}
            maxLength={textMax.reason}
          />
          <SubmitOrCancel
            pending={blocking}
            submitLabel={t('block_confirm')}
            cancelLabel={t('cancel')}
            onCancel={() => modal.dialog.current?.close()}
          />
        </form>
      </ModalDialog>
    </>
  );
}
