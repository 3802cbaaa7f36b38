'use client';

import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { useApi } from '@/components/hooks/use-api';
import { Button } from '@/components/ui/button';

/**
 * The profile's password part for an account without one (made by social sign-in): its first password
 * is set through a link mailed to its address, never from the session alone, which may be stolen.
 */
export function PasswordLinkRequest({ email, className }: { email: string; className?: string }) {
  const t = useTranslations('user_form');
  const api = useApi();
  const [sent, setSent] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const send = async () => {
    setPending(true);
    try {
      const res = await api('/api/user/password_link', {
        method: 'POST',
        overlay: true,
      });
      setSent(res.message);
    } catch {
      // The call has already said what went wrong (a toast); the button stays for another try.
    } finally {
      setPending(false);
    }
  };
  return (
    <fieldset className={className}>
      <legend className="mb-1 text-sm font-medium text-slate-800">{t('no_password_title')}</legend>
      <p className="text-sm text-slate-600">{t('no_password_intro', { email })}</p>
      {sent ? (
        <p role="status" className="mt-2 rounded-lg border border-green-200 bg-green-50 p-3 text-green-900">
          {sent}
        </p>
      ) : (
        <Button variant="outline" onClick={send} disabled={pending} className="mt-2">
          {t('send_password_link')}
        </Button>
      )}
    </fieldset>
  );
}
