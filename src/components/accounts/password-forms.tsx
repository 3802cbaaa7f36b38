'use client';

import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { SubmitButton, TextField } from '@/components/forms/fields';
import { NewPasswordFields } from '@/components/forms/new-password-fields';
import { useSchemaForm } from '@/components/forms/use-schema-form';
import { useApi } from '@/components/hooks/use-api';
import { useRouter } from '@/components/hooks/use-router';
import { Link } from '@/components/ui/link';

// The API's schema, loaded after the page (SchemaLoader): zod stays out of the page's first load.
const loadEmailSchema = () => import('@/lib/schemas/account').then((m) => m.emailOnlyBodySchema);
const loadResetSchema = () => import('@/lib/schemas/account').then((m) => m.passwordResetBodySchema);

/** Spec §2 /forget-password: the e-mail form; with token and email in the URL, the new-password form. */
export function ForgetPassword({ token, email }: { token?: string; email?: string }) {
  return token && email ? <NewPasswordForm token={token} email={email} /> : <SendLinkForm />;
}

function SendLinkForm() {
  const t = useTranslations('password');
  const api = useApi();
  const [sent, setSent] = useState<string | null>(null);
  const { errors, pending, onSubmit } = useSchemaForm(loadEmailSchema, async (_form, values) => {
    const res = await api('/api/password/send_email', {
      method: 'POST',
      body: values,
      overlay: true,
    });
    setSent(res.message);
  });
  if (sent) {
    return (
      <p role="status" className="rounded-xl border border-green-200 bg-green-50 p-4 text-green-900">
        {sent}
      </p>
    );
  }
  return (
    <form method="post" onSubmit={onSubmit} noValidate aria-label={t('send_title')} className="space-y-4">
      <p className="text-slate-700">{t('send_intro')}</p>
      <TextField name="email" type="email" label={t('email')} errors={errors} required autoComplete="email" />
      <SubmitButton pending={pending}>{t('send_submit')}</SubmitButton>
    </form>
  );
}

function NewPasswordForm({ token, email }: { token: string; email: string }) {
  const t = useTranslations('password');
  const api = useApi();
  const router = useRouter();
  const [done, setDone] = useState<string | null>(null);
  const { errors, pending, onSubmit } = useSchemaForm(loadResetSchema, async (_form, values) => {
    const res = await api('/api/password/reset', {
      method: 'POST',
      body: values,
      overlay: true,
    });
    setDone(res.message);
    window.setTimeout(() => router.push('/login'), 3000);
  });
  if (done) {
    return (
      <div role="status" className="rounded-xl border border-green-200 bg-green-50 p-4 text-green-900">
        <p>{done}</p>
        <Link href="/login" className="mt-2 inline-block font-semibold underline">
          {t('to_login')}
        </Link>
      </div>
    );
  }
  const tokenErrors = errors.token ?? [];
  return (
    <form method="post" onSubmit={onSubmit} noValidate aria-label={t('new_title')} className="space-y-4">
      <input type="hidden" name="token" value={token} />
      <input type="hidden" name="email" value={email} />
      <p className="text-slate-700">{t('new_intro', { email })}</p>
      {tokenErrors.length > 0 && (
        <p role="alert" className="text-sm text-red-700">
          {tokenErrors.map((e) => (typeof e === 'string' ? e : t('link_invalid'))).join(' ')}{' '}
          <Link href="/forget-password" className="underline">
            {t('send_again')}
          </Link>
        </p>
      )}
      <NewPasswordFields label={t('new_password')} repeatLabel={t('repeat')} errors={errors} required />
      <SubmitButton pending={pending}>{t('new_submit')}</SubmitButton>
    </form>
  );
}
