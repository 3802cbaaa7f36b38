'use client';

import { useTranslations } from 'next-intl';
import { useRegistrationAction } from './use-action';

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
  const { pending, send } = useRegistrationAction();
  return (
    <div className="flex flex-wrap gap-2">
      {offered && (
        <button
          type="button"
          disabled={pending}
          onClick={() => send('/api/tickets/{id}/confirm', id)}
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
            if (window.confirm(t('cancel_confirm'))) void send('/api/tickets/{id}/cancel', id);
          }}
          className={`${button} border border-slate-300 bg-white text-slate-800 hover:bg-slate-100`}
        >
          {t('cancel')}
        </button>
      )}
    </div>
  );
}
