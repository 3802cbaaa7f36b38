'use client';

import { useTranslations } from 'next-intl';
import { RequiredTextArea, SelectField, SubmitButton } from '@/components/forms/fields';
import { useSchemaForm } from '@/components/forms/use-schema-form';
import { useApi } from '@/components/hooks/use-api';
import { toast } from '@/components/ui/toasts';

const messageSchema = () => import('@/lib/schemas/registrations').then((m) => m.registrantsMessageSchema);

/** One message to everyone registered, through the messages (each gets it in their conversation). */
export function RegistrantsMessageForm({ eventId }: { eventId: number }) {
  const t = useTranslations('registrants_page');
  const api = useApi();
  const { errors, pending, onSubmit } = useSchemaForm(messageSchema, async (form, values) => {
    const answer = await api('/api/event/{id}/registrations/message', {
      method: 'POST',
      params: { id: eventId },
      body: values,
    });
    toast.success(answer.message);
    form.reset();
  });
  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-3">
      <RequiredTextArea name="message" label={t('message')} errors={errors} />
      <SelectField name="to" label={t('message_to')} errors={errors} defaultValue="confirmed">
        <option value="confirmed">{t('to_confirmed')}</option>
        <option value="all">{t('to_all')}</option>
      </SelectField>
      <div>
        <SubmitButton pending={pending}>{t('send_message')}</SubmitButton>
      </div>
    </form>
  );
}
