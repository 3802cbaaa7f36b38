'use client';

import { useTranslations } from 'next-intl';
import { useRegistrationAction } from './use-action';

const button =
  'inline-flex min-h-11 items-center rounded-lg px-3 text-sm font-semibold disabled:cursor-wait disabled:opacity-60';

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
        <button
          type="button"
          disabled={pending}
          aria-label={t('approve_who', { name })}
          onClick={() => send('/api/registrations/{id}/approve', id)}
          className={`${button} bg-brand-600 text-white hover:bg-brand-700`}
        >
          {t('approve')}
        </button>
      )}
      <button
        type="button"
        disabled={pending}
        aria-label={t('decline_who', { name })}
        onClick={() => {
          const note = window.prompt(t('decline_reason', { name }));
          if (note !== null) void send('/api/registrations/{id}/decline', id, { note });
        }}
        className={`${button} border border-slate-300 bg-white hover:bg-slate-100`}
      >
        {t('decline')}
      </button>
    </div>
  );
}
