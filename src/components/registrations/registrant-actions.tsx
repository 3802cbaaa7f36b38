'use client';

import { useTranslations } from 'next-intl';
import { Button } from '@/components/ui/button';
import { useRegistrationAction } from './use-action';

/** Approve or decline one registration (with an optional reason the attendee is told). */
export function RegistrantActions({
  id,
  name,
  approvable,
}: {
  id: number;
  name: string;
  approvable: boolean;
}) {
  const t = useTranslations('registrants_page');
  const { pending, send } = useRegistrationAction();
  return (
    <div className="flex flex-wrap gap-1">
      {approvable && (
        <Button
          size="compact"
          disabled={pending}
          aria-label={t('approve_who', { name })}
          onClick={() => send('/api/registrations/{id}/approve', id)}
          className="disabled:cursor-wait"
        >
          {t('approve')}
        </Button>
      )}
      <Button
        variant="secondary"
        size="compact"
        disabled={pending}
        aria-label={t('decline_who', { name })}
        onClick={() => {
          const note = window.prompt(t('decline_reason', { name }));
          if (note !== null) void send('/api/registrations/{id}/decline', id, { note });
        }}
        className="disabled:cursor-wait"
      >
        {t('decline')}
      </Button>
    </div>
  );
}
