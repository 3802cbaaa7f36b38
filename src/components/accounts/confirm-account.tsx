'use client';

import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { useEffect, useRef, useState } from 'react';
import { ApiError, useApi } from '@/components/hooks/use-api';

/** Spec §2 /user/verify/{token}, /confirm/{token}: confirms the account, then goes to /login. */
export function ConfirmAccount({ token }: { token: string }) {
  const t = useTranslations('confirm');
  const api = useApi();
  const router = useRouter();
  const [state, setState] = useState<{ ok: boolean; message: string } | null>(null);
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    api<{ message: string }>(`/api/user/verify/${encodeURIComponent(token)}`, { method: 'POST', quiet: true })
      .then((res) => {
        setState({ ok: true, message: res.message });
        window.setTimeout(() => router.push('/login'), 2500);
      })
      .catch((error) => {
        const message = error instanceof ApiError ? (error.body as { message?: string })?.message : undefined;
        setState({ ok: false, message: message ?? t('failed') });
      });
  }, [api, router, t, token]);

  if (!state) return <p role="status">{t('pending')}</p>;
  return (
    <div
      role="status"
      className={`rounded-xl border p-4 ${state.ok ? 'border-green-200 bg-green-50 text-green-900' : 'border-red-200 bg-red-50 text-red-900'}`}
    >
      <p>{state.message}</p>
      <Link href="/login" className="mt-2 inline-block font-semibold underline">
        {t('to_login')}
      </Link>
    </div>
  );
}
