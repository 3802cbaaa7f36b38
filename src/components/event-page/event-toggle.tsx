'use client';

import { CalendarCheck, CalendarPlus, Check, Heart } from 'lucide-react';
import { useTranslations } from 'next-intl';
import { useToggle } from '@/components/hooks/use-toggle';

const paths = {
  favourite: { add: '/api/event/add_favourite', remove: '/api/event/remove_favourite' },
  calendar: { add: '/api/event/add_calendar', remove: '/api/event/remove_calendar' },
};

/**
 * The event's favourite and calendar toggles (spec §4, `useToggle`). The name stays the same;
 * aria-pressed (and the filled look) carries the state, as a toggle button's should.
 */
export function EventToggle({
  eventId,
  kind,
  initial,
  signedIn,
}: {
  eventId: number;
  kind: 'favourite' | 'calendar';
  initial: boolean;
  signedIn: boolean;
}) {
  const t = useTranslations('event_page');
  const { on, pending, toggle } = useToggle({ id: eventId, initial, signedIn, paths: paths[kind] });

  const Icon = kind === 'favourite' ? Heart : on ? CalendarCheck : CalendarPlus;
  return (
    <button
      type="button"
      aria-pressed={on}
      aria-busy={pending}
      title={signedIn ? t(on ? `${kind}_remove` : `${kind}_add`) : t('login_needed')}
      onClick={toggle}
      className={`inline-flex min-h-11 items-center gap-2 rounded-lg border-2 px-4 py-2 font-semibold transition aria-busy:cursor-wait ${
        on
          ? 'border-brand-600 bg-brand-600 text-white hover:bg-brand-700'
          : 'border-slate-300 bg-white text-slate-800 hover:bg-slate-50'
      }`}
    >
      <Icon aria-hidden size={18} className={kind === 'favourite' && on ? 'fill-current' : ''} />
      {t(kind)}
      {on && <Check aria-hidden size={16} />}
    </button>
  );
}
