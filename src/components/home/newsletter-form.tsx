'use client';

import { useLocale, useTranslations } from 'next-intl';
import { useId, useState } from 'react';
import { SubmitButton, TextField } from '@/components/forms/fields';
import { useApiForm } from '@/components/forms/use-api-form';
import type { ApiAnswer } from '@/lib/api-client';
import { textMax } from '@/lib/form-limits';

/** Spec §1/§5: the hero's newsletter strip; the API mails a confirmation link (double opt-in). */
export function NewsletterForm() {
  const t = useTranslations('home.newsletter');
  const locale = useLocale();
  const apiTexts = useTranslations('api');
  const id = useId();
  const [message, setMessage] = useState<string | null>(null);
  // Checked by the API's newsletterBodySchema; the schema library stays out of the home page's JS.
  const { errors, pending, onSubmit } = useApiForm(async (form, values) => {
    // The API client loads on the first submit: the home page's first load stays without it.
    const { callApi } = await import('@/components/hooks/use-api');
    const res = (await callApi(
      '/api/newsletter',
      { method: 'POST', body: values },
      locale,
      apiTexts,
    )) as ApiAnswer<'/api/newsletter', 'POST'>;
    setMessage(res.message);
    form.reset();
  });

  return (
    <div className="rounded-2xl bg-white p-5 text-slate-900 shadow-lg sm:p-6">
      <h2 id={`${id}-title`} className="text-lg font-bold">
        {t('title')}
      </h2>
      <p className="mt-1 text-sm text-slate-700">{t('text')}</p>
      <form
        onSubmit={onSubmit}
        noValidate
        aria-labelledby={`${id}-title`}
        className="mt-4 flex flex-col gap-3 sm:flex-row sm:items-start"
      >
        <TextField
          name="email"
          type="email"
          label={t('email')}
          errors={errors}
          autoComplete="email"
          required
          maxLength={textMax.email}
          className="flex-1"
        />
        {/* Lines the button up with the input, under the field's label. */}
        <div className="sm:pt-6">
          <SubmitButton pending={pending}>{t('submit')}</SubmitButton>
        </div>
      </form>
      <p role="status" className="mt-3 text-sm font-medium text-green-800 empty:hidden">
        {message}
      </p>
    </div>
  );
}
