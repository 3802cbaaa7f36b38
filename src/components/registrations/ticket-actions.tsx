'use client';

import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { useApi } from '@/components/hooks/use-api';
import { useRouter } from '@/components/hooks/use-router';
import { toast } from '@/components/ui/toasts';

const button =
  'inline-flex min-h-11 items-center justify-center rounded-lg px-4 py-2 font-semibold disabled:cursor-wait disabled:opacity-70';

/** The ticket page's buttons: take places offered from the waiting list, or cancel the registration. */
export function TicketActions({
  id,
  offered,
  cancellable,
}: {
  id: number;
  offered: boolean;
  cancellable: boolean;
}) {
  const t = useTranslations('registration_panel');
  const api = useApi();
  const router = useRouter();
  const [pending, setPending] = useState(false);
  const send = async (action: 'confirm' | 'cancel') => {
    setPending(true);
    try {
      const answer = await api<{ message: string }>(`/api/tickets/${id}/${action}`, {
        method: 'POST',
        body: {},
      });
      toast.success(answer.message);
      router.refresh();
    } catch {
      // useApi has shown the error.
    } finally {
      setPending(false);
    }
  };
  return (
    <div className="flex flex-wrap gap-2">
      {offered && (
        <button
          type="button"
          disabled={pending}
          onClick={() => send('confirm')}
          className={`${button} bg-accent-500 text-white hover:bg-orange-800`}
        >
          {t('confirm_offer')}
        </button>
      )}
      {cancellable && (
        <button
          type="button"
          disabled={pending}
          onClick={() => {
            if (window.confirm(t('cancel_confirm'))) void send('cancel');
          }}
          className={`${button} border border-slate-300 bg-white text-slate-800 hover:bg-slate-100`}
        >
          {t('cancel')}
        </button>
      )}
    </div>
  );
}
