'use client';

import { useFormatter, useTranslations } from 'next-intl';
import { useId, useState } from 'react';
import { buttonClass } from '@/components/ui/button';
import { SpriteIcon } from '@/components/ui/icons';
import { Link } from '@/components/ui/link';
import type { RegistrationPanelState } from '@/lib/schemas/registration-responses';
import { useRegistrationAction } from './use-action';

const primary = buttonClass({ variant: 'accent', className: 'py-2 disabled:cursor-wait' });
const secondary = buttonClass({ variant: 'secondary', className: 'py-2 disabled:cursor-wait' });

/**
 * Issue 33: "Zapisz się" on an event that takes registrations. A guest signs in first and comes back; an
 * attendee picks how many places and registers in one step; one already registered sees where they stand,
 * their ticket, and can cancel (or take places offered from the waiting list).
 */
export function RegistrationPanel({
  eventId,
  state,
  viewer,
  loginHref,
}: {
  eventId: number;
  state: RegistrationPanelState;
  /** `guest`, `attendee`, or `company` (who sees the state but cannot register). */
  viewer: 'guest' | 'attendee' | 'company';
  loginHref: string;
}) {
  const t = useTranslations('registration_panel');
  const format = useFormatter();
  const id = useId();
  const [places, setPlaces] = useState(1);
  const mine = state.mine;

  const when = (iso: string) =>
    format.dateTime(new Date(iso), {
      dateStyle: 'medium',
      timeStyle: 'short',
      timeZone: 'Europe/Warsaw',
    });

  const { pending, send } = useRegistrationAction();

  const summary =
    state.state === 'register'
      ? t('spots_left', { count: state.spots_left, capacity: state.capacity })
      : state.state === 'waiting_list'
        ? t('waiting_list_summary', { count: state.waiting })
        : state.state === 'full'
          ? t('full')
          : t('closed');

  return (
    <section
      aria-labelledby={`${id}-heading`}
      className="rounded-xl border border-slate-200 bg-slate-50 p-4"
      data-registration={state.state}
    >
      <h2 id={`${id}-heading`} className="flex items-center gap-2 text-lg font-bold">
        <SpriteIcon name="users" aria-hidden size={20} />
        {t('heading')}
      </h2>
      <p className="mt-1 text-slate-700" aria-live="polite">
        {summary}
        {state.approval && state.open && <> {t('approval_note')}</>}
      </p>
      {state.closes_at && state.open && (
        <p className="mt-1 text-sm text-slate-600">{t('closes_at', { when: when(state.closes_at) })}</p>
      )}

      {mine ? (
        <div className="mt-3 flex flex-col gap-3">
          <p className="font-semibold">
            {mine.status === 'waiting' && mine.position
              ? t('mine.waiting', { position: mine.position, places: mine.places })
              : mine.status === 'offered' && mine.offered_until
                ? t('mine.offered', { places: mine.places, until: when(mine.offered_until) })
                : t(`mine.${mine.status === 'confirmed' ? 'confirmed' : 'pending'}`, { places: mine.places })}
          </p>
          <div className="flex flex-wrap gap-2">
            {mine.status === 'offered' && (
              <button
                type="button"
                className={primary}
                disabled={pending}
                onClick={() => send('/api/tickets/{id}/confirm', mine.id)}
              >
                {t('confirm_offer')}
              </button>
            )}
            <Link href={`/tickets/${mine.id}`} className={mine.status === 'confirmed' ? primary : secondary}>
              <SpriteIcon name="ticket" aria-hidden size={18} />
              {t(mine.status === 'confirmed' ? 'see_ticket' : 'see_registration')}
            </Link>
            <button
              type="button"
              className={secondary}
              disabled={pending}
              onClick={() => {
                if (window.confirm(t('cancel_confirm'))) void send('/api/tickets/{id}/cancel', mine.id);
              }}
            >
              {t('cancel')}
            </button>
          </div>
        </div>
      ) : state.open && viewer !== 'company' ? (
        viewer === 'guest' ? (
          <Link href={loginHref} className={`${primary} mt-3`}>
            {t(state.state === 'waiting_list' ? 'join_waiting_list' : 'register')}
          </Link>
        ) : (
          <form
            className="mt-3 flex flex-wrap items-end gap-2"
            onSubmit={(event) => {
              event.preventDefault();
              void send('/api/event/{id}/register', eventId, { places, date: state.date ?? undefined });
            }}
          >
            <div>
              <label htmlFor={`${id}-places`} className="mb-1 block text-sm font-medium text-slate-800">
                {t('places')}
              </label>
              <select
                id={`${id}-places`}
                name="places"
                value={places}
                onChange={(event) => setPlaces(Number(event.target.value))}
                className="h-11 rounded-lg border border-slate-300 bg-white px-3"
              >
                {Array.from({ length: state.per_person }, (_, i) => i + 1).map((n) => (
                  <option key={n} value={n}>
                    {n}
                  </option>
                ))}
              </select>
            </div>
            <button type="submit" className={primary} disabled={pending}>
              {t(state.state === 'waiting_list' ? 'join_waiting_list' : 'register')}
            </button>
          </form>
        )
      ) : null}
    </section>
  );
}
