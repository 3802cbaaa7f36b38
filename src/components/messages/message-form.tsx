'use client';

import { useTranslations } from 'next-intl';
import { type KeyboardEvent, useId } from 'react';
import { RequiredTextArea, SubmitButton } from '@/components/forms/fields';
import { useSchemaForm } from '@/components/forms/use-schema-form';
import { useApi } from '@/components/hooks/use-api';
import type { ThreadMessage } from '@/lib/schemas/messages';

// The API's schema, loaded after the page (SchemaLoader): zod stays out of the page's first load.
const loadMessageSchema = () => import('@/lib/schemas/messages').then((m) => m.sendMessageBodySchema);

export interface MessageSubject {
  subject: 'place' | 'event';
  id: number;
}

/** Ctrl+Enter (⌘+Enter on a Mac) sends; Enter alone starts a new line. */
function sendOnCtrlEnter(event: KeyboardEvent<HTMLTextAreaElement>) {
  if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
    event.preventDefault();
    event.currentTarget.form?.requestSubmit();
  }
}

/** Spec §5/§7: the text of a new message to user `to` (required, at most 2000 characters). */
export function MessageForm({
  to,
  about,
  onSent,
}: {
  to: number;
  /** The place or event page the conversation is started from (its owner's statistics count it). */
  about?: MessageSubject;
  onSent: (message: ThreadMessage) => void;
}) {
  const t = useTranslations('messages_page');
  const api = useApi();
  const id = useId();
  const { errors, pending, onSubmit } = useSchemaForm(loadMessageSchema, async (form, values) => {
    const sent = await api('/api/message', { method: 'POST', body: values });
    form.reset();
    onSent(sent.data);
  });

  return (
    <form onSubmit={onSubmit} noValidate aria-labelledby={`${id}-title`} className="flex flex-col gap-3">
      <h2 id={`${id}-title`} className="sr-only">
        {t('form_title')}
      </h2>
      <input type="hidden" name="user_id" value={to} />
      {about && <input type="hidden" name={`${about.subject}_id`} value={about.id} />}
      <RequiredTextArea
        name="message"
        label={t('form_label')}
        errors={errors}
        rows={3}
        onKeyDown={sendOnCtrlEnter}
      />
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm text-slate-600">{t('send_hint')}</p>
        <SubmitButton pending={pending}>{t('send')}</SubmitButton>
      </div>
    </form>
  );
}
