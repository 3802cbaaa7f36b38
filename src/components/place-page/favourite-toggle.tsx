'use client';

import { Heart } from 'lucide-react';
import { useRouter } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { useApi } from '@/lib/use-api';

/**
 * Spec §4: the favourite toggle changes at once, then tells the server, and goes back if that fails.
 * Anonymous visitors are sent to /login instead.
 */
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
  const api = useApi();
  const router = useRouter();
  const [favourite, setFavourite] = useState(initial);
  const [pending, setPending] = useState(false);

  async function toggle() {
    if (pending) return;
    if (!signedIn) {
      router.push('/login');
      return;
    }
    const next = !favourite;
    setFavourite(next);
    setPending(true);
    try {
      await api(next ? '/api/place/add_favourite' : '/api/place/remove_favourite', {
        method: 'POST',
        body: { id: placeId },
      });
    } catch {
      setFavourite(!next);
    } finally {
      setPending(false);
    }
  }

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
