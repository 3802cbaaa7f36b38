'use client';

import { useTranslations } from 'next-intl';
import { useRef } from 'react';
import { useToggle } from '@/components/hooks/use-toggle';
import { CalendarCheck, CalendarPlus, CalendarX, Check, Download } from '@/components/ui/icons';
import { ActionMenu, actionToggle, menuItem } from './action-menu';

const paths = { add: '/api/event/add_calendar', remove: '/api/event/remove_calendar' } as const;

/**
 * Issue 18: one calendar control instead of two look-alike buttons. The button keeps the event in the
 * portal's calendar (a toggle: aria-pressed carries the state, a guest is sent to sign in); its menu
 * holds the .ics file for the phone's own calendar and, once added, the removal spelled out.
 */
export function EventCalendarControl({
  eventId,
  initial,
  signedIn,
  icsHref,
}: {
  eventId: number;
  initial: boolean;
  signedIn: boolean;
  /** The event's .ics file in the page's language. */
  icsHref: string;
}) {
  const t = useTranslations('event_page');
  const { on, pending, toggle } = useToggle({ id: eventId, initial, signedIn, paths });
  const button = useRef<HTMLButtonElement>(null);
  const Icon = on ? CalendarCheck : CalendarPlus;

  const remove = (event: React.MouseEvent<HTMLButtonElement>) => {
    event.currentTarget.closest('details')?.removeAttribute('open');
    // The item disappears with the state: the toggle takes the focus, not the page's body.
    button.current?.focus();
    void toggle();
  };

  return (
    <div className="inline-flex">
      <button
        ref={button}
        type="button"
        aria-pressed={on}
        aria-busy={pending}
        title={signedIn ? t(on ? 'calendar_remove' : 'calendar_add') : t('login_needed')}
        onClick={toggle}
        className={`${actionToggle(on)} rounded-r-none transition aria-busy:cursor-wait`}
      >
        <Icon aria-hidden size={18} />
        {t('calendar')}
        {on && <Check aria-hidden size={16} />}
      </button>
      <ActionMenu label={t('calendar_menu')} attached>
        <a href={icsHref} className={menuItem}>
          <Download aria-hidden size={18} />
          {t('ics')}
        </a>
        {on && signedIn && (
          <button type="button" onClick={remove} className={menuItem}>
            <CalendarX aria-hidden size={18} />
            {t('calendar_remove')}
          </button>
        )}
      </ActionMenu>
    </div>
  );
}
