'use client';

import { useTranslations } from 'next-intl';
import { useToggle } from '@/components/hooks/use-toggle';
import { Check, Heart } from '@/components/ui/icons';
import { actionToggle } from './action-menu';

const paths = { add: '/api/event/add_favourite', remove: '/api/event/remove_favourite' } as const;

/**
 * The event's favourite toggle (spec §4, `useToggle`). The name stays the same; aria-pressed (and the
 * filled look) carries the state, as a toggle button's should.
 */
export function FavouriteToggle({
  eventId,
  initial,
  signedIn,
}: {
  eventId: number;
  initial: boolean;
  signedIn: boolean;
}) {
  const t = useTranslations('event_page');
  const { on, pending, toggle } = useToggle({ id: eventId, initial, signedIn, paths });
  return (
    <button
      type="button"
      aria-pressed={on}
      aria-busy={pending}
      title={signedIn ? t(on ? 'favourite_remove' : 'favourite_add') : t('login_needed')}
      onClick={toggle}
      className={`${actionToggle(on)} transition aria-busy:cursor-wait`}
    >
      <Heart aria-hidden size={18} className={on ? 'fill-current' : ''} />
      {/* The heart alone on a phone keeps the action row on as few lines as it can. */}
      <span className="sr-only sm:not-sr-only">{t('favourite')}</span>
      {on && <Check aria-hidden size={16} />}
    </button>
  );
}
