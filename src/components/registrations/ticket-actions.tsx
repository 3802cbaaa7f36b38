'use client';

import { useTranslations } from 'next-intl';
import { Button } from '@/components/ui/button';
import { useRegistrationAction } from './use-action';

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
        <Button
          variant="accent"
          disabled={pending}
          onClick={() => send('/api/tickets/{id}/confirm', id)}
          className="py-2 disabled:cursor-wait"
        >
          {t('confirm_offer')}
        </Button>
      )}
      {cancellable && (
        <Button
          variant="secondary"
          disabled={pending}
          onClick={() => {
            if (window.confirm(t('cancel_confirm'))) void send('/api/tickets/{id}/cancel', id);
          }}
          className="py-2 disabled:cursor-wait"
        >
          {t('cancel')}
        </Button>
      )}
    </div>
  );
}
