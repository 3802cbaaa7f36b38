'use client';

import { useSearchParams } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { type FormEvent, useState } from 'react';
import { ErrorText, inputClass } from '@/components/forms/fields';
import { readFormValues } from '@/components/forms/read-form-values';
import { usePreloadWhenIdle } from '@/components/forms/use-schema-form';
import { ApiError, useApi } from '@/components/hooks/use-api';
import { useRouter } from '@/components/hooks/use-router';
import { Button } from '@/components/ui/button';
import { Link } from '@/components/ui/link';
import { toast } from '@/components/ui/toasts';
import { safeNextPath } from '@/lib/next-path';
import { SocialButtons, type SocialProviders } from './social-buttons';

// The API's schema, loaded after the page (SchemaLoader): zod stays out of the page's first load.
const loadLoginSchema = () => import('@/lib/schemas/account').then((m) => m.loginBodySchema);

/** A required field of the sign-in form; a failed attempt marks both fields and points them at its message. */
function LoginField({
  name,
  type,
  autoComplete,
  label,
  failed,
}: {
  name: 'email' | 'password';
  type: 'email' | 'password';
  autoComplete: string;
  label: string;
  failed: string | null;
}) {
  return (
    <div>
      <label htmlFor={`login-${name}`} className="mb-1 block text-sm font-medium">
        {label}
      </label>
      <input
        id={`login-${name}`}
        name={name}
        type={type}
        autoComplete={autoComplete}
        required
        aria-invalid={failed !== null}
        aria-describedby={failed ? 'login-error' : undefined}
        className={inputClass}
      />
    </div>
  );
}

/**
 * Spec §2 /login: e-mail, password, remember me, forgot-password and resend-confirmation links. A
 * successful sign-in goes back to `?next=` when it is a path of this site, else home.
 */
export function LoginForm({ providers }: { providers: SocialProviders }) {
  const t = useTranslations('login');
  const api = useApi();
  const router = useRouter();
  const next = safeNextPath(useSearchParams().get('next'));
  const [failed, setFailed] = useState<string | null>(null);
  const [unconfirmed, setUnconfirmed] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  usePreloadWhenIdle(loadLoginSchema);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const values = readFormValues(event.currentTarget);
    setPending(true);
    const parsed = await loadLoginSchema().then(
      (schema) => schema.safeParse(values),
      () => null,
    );
    if (!parsed?.success) {
      setPending(false);
      setFailed(t(parsed ? 'fill_in' : 'failed'));
      return;
    }
    setFailed(null);
    setUnconfirmed(null);
    try {
      await api('/api/session', { method: 'POST', body: parsed.data, quiet: true, overlay: true });
      router.push(next);
      router.refresh();
    } catch (error) {
      const body = error instanceof ApiError ? (error.body as { message?: string; code?: string }) : {};
      if (error instanceof ApiError && body.code === 'account.not.confirmed') {
        setUnconfirmed(parsed.data.email);
        setFailed(body.message ?? t('unconfirmed'));
      } else {
        setFailed(body.message ?? t('failed'));
      }
    } finally {
      setPending(false);
    }
  };

  const resend = async () => {
    if (!unconfirmed) return;
    const res = await api('/api/user/resend_email', {
      method: 'POST',
      body: { email: unconfirmed },
      overlay: true,
    });
    toast.success(res.message);
  };

  return (
    <div className="space-y-6">
      <form method="post" onSubmit={submit} noValidate aria-label={t('title')} className="space-y-4">
        <LoginField name="email" type="email" autoComplete="email" label={t('email')} failed={failed} />
        <LoginField
          name="password"
          type="password"
          autoComplete="current-password"
          label={t('password')}
          failed={failed}
        />
        <ErrorText id="login-error" messages={failed ? [failed] : []} />
        {unconfirmed && (
          <button type="button" onClick={resend} className="text-sm font-semibold text-brand-700 underline">
            {t('resend')}
          </button>
        )}
        <div className="flex flex-wrap items-center justify-between gap-3">
          <label className="flex items-center gap-2 text-sm">
            <input type="checkbox" name="remember" value="1" className="h-4 w-4" />
            {t('remember')}
          </label>
          <Link href="/forget-password" className="text-sm text-brand-700 underline">
            {t('forgot')}
          </Link>
        </div>
        <Button type="submit" disabled={pending} fullWidth>
          {t('submit')}
        </Button>
      </form>
      <SocialButtons providers={providers} next={next} />
      <p className="text-center text-sm">
        {t('no_account')}{' '}
        <Link href="/register" className="font-semibold text-brand-700 underline">
          {t('register')}
        </Link>
      </p>
    </div>
  );
}
