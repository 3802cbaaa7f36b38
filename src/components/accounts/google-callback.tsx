'use client';

import { useSearchParams } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { useEffect, useRef, useState } from 'react';
import { useApi } from '@/components/hooks/use-api';
import { useRouter } from '@/components/hooks/use-router';
import { keepPreRegistration } from './pre-registration';
import { takeReturnPath } from './return-path';

/** Spec §2 /login/google: reads the code and completes the sign-in; a newcomer goes to /register prefilled. */
export function GoogleCallback() {
  const t = useTranslations('login');
  const params = useSearchParams();
  const api = useApi();
  const router = useRouter();
  const [failed, setFailed] = useState(false);
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const code = params.get('code');
    if (!code) {
      setFailed(true);
      return;
    }
    api('/api/login/google', {
      method: 'POST',
      body: { code, state: params.get('state') ?? undefined },
      quiet: true,
    })
      .then(() => {
        router.replace(takeReturnPath());
        router.refresh();
      })
      .catch((error) => {
        if (keepPreRegistration(error)) router.replace('/register');
        else setFailed(true);
      });
  }, [api, params, router]);

  return <p role="status">{failed ? t('google_failed') : t('google_pending')}</p>;
}
