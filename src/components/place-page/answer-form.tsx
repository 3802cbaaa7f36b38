'use client';

import { useRouter } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { useId, useState } from 'react';
import { RequiredTextArea, SubmitOrCancel } from '@/components/forms/fields';
import { useSchemaForm } from '@/components/forms/use-schema-form';
import { useApi } from '@/components/hooks/use-api';
import { Reply } from '@/components/ui/icons';

// The API's schema, loaded after the page (SchemaLoader): zod stays out of the page's first load.
const loadAnswerSchema = () => import('@/lib/schemas/comments').then((m) => m.answerCommentBodySchema);

/** Spec §4/§6: the owner's one answer to a comment, behind an "Answer" button to keep cards short. */
export function AnswerForm({ commentId }: { commentId: number }) {
  const t = useTranslations('place_page');
  const api = useApi();
  const router = useRouter();
  const formId = useId();
  const [open, setOpen] = useState(false);
  const { errors, pending, onSubmit } = useSchemaForm(loadAnswerSchema, async (_form, values) => {
    await api('/api/place/answer_to_comment/{id}', {
      method: 'POST',
      params: { id: commentId },
      body: { answer: values.answer },
      overlay: true,
      successToast: true,
    });
    setOpen(false);
    router.refresh();
  });

  return (
    <div className="mt-3">
      <button
        type="button"
        aria-expanded={open}
        aria-controls={formId}
        onClick={() => setOpen((o) => !o)}
        className="inline-flex items-center gap-1 text-sm font-semibold text-brand-700 hover:underline"
      >
        <Reply aria-hidden size={16} />
        {t('answer')}
      </button>
      {open && (
        <form id={formId} onSubmit={onSubmit} noValidate className="mt-2 flex flex-col gap-2">
          <RequiredTextArea name="answer" label={t('answer_label')} errors={errors} />
          <SubmitOrCancel
            pending={pending}
            submitLabel={t('answer_submit')}
            cancelLabel={t('answer_cancel')}
            onCancel={() => setOpen(false)}
          />
        </form>
      )}
    </div>
  );
}
