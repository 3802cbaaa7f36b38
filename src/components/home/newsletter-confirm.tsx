'use client';

import Link from 'next/link';
import { useTranslations } from 'next-intl';
import { useEffect, useRef, useState } from 'react';
import { ApiError, useApi } from '@/components/hooks/use-api';
import { flattenApiError } from '@/lib/api-errors';

/** The newsletter mail's link: confirms the subscription once and shows the API's answer. */
export function NewsletterConfirm({ token }: { token: string }) {
  const t = useTranslations('newsletter_page');
  const api = useApi();
  const [state, setState] = useState<{ ok: boolean; message: string } | null>(null);
  const started = useRef(false);

  useEffect(() => {
    // The token works once: a second effect run (Strict Mode) must not spend it again.
    if (started.current) return;
    started.current = true;
    api<{ message: string }>(`/api/newsletter/confirm/${encodeURIComponent(token)}`, {
      method: 'POST',
      quiet: true,
    })
      .then((res) => setState({ ok: true, message: res.message }))
      .catch((error) => {
        const message = error instanceof ApiError ? flattenApiError(error.body)[0] : undefined;
        setState({ ok: false, message: message ?? t('failed') });
      });
  }, [api, t, token]);

  if (!state) return <p role="status">{t('pending')}</p>;
  return (
    <div
      role="status"
      className={`rounded-xl border p-4 ${state.ok ? 'border-green-200 bg-green-50 text-green-900' : 'border-red-200 bg-red-50 text-red-900'}`}
    >
      <p>{state.message}</p>
      <Link href="/" className="mt-2 inline-block font-semibold underline">
        {t('back_home')}
      </Link>
    </div>
  );
}
