'use client';

import { useTranslations } from 'next-intl';
import { useToggle } from '@/components/hooks/use-toggle';
import { Heart } from '@/components/ui/icons';

const paths = { add: '/api/place/add_favourite', remove: '/api/place/remove_favourite' } as const;

/** The place's favourite toggle on its round logo (spec §4, `useToggle`). */
export function FavouriteToggle({
  placeId,
  initial,
  signedIn,
}: {
  placeId: number;
  initial: boolean;
  signedIn: boolean;
}) {
  const t = useTranslations('place_page');
  const { on: favourite, pending, toggle } = useToggle({ id: placeId, initial, signedIn, paths });

  return (
    <button
      type="button"
      aria-pressed={favourite}
      aria-label={t('favourite')}
      title={favourite ? t('favourite_remove') : t('favourite_add')}
      aria-busy={pending}
      onClick={toggle}
      className="flex h-11 w-11 items-center justify-center rounded-full border-2 border-white bg-white text-accent-500 shadow-md hover:bg-slate-50 aria-busy:cursor-wait"
    >
      <Heart aria-hidden size={22} className={favourite ? 'fill-current' : ''} />
    </button>
  );
}
