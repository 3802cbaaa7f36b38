'use client';

import dynamic from 'next/dynamic';
import { useTranslations } from 'next-intl';
import { useId, useState } from 'react';
import { NearbyPrompt } from './nearby-prompt';

const loadPanel = () => import('./nearby-panel');

/** The section as the page first shows it; `locating` while the panel's code is on its way. */
function Prompt({ locating, onPress }: { locating: boolean; onPress?: (keyboard: boolean) => void }) {
  const t = useTranslations('home');
  const headingId = useId();
  return (
    <div>
      <p role="status" className="sr-only" />
      <NearbyPrompt
        headingId={headingId}
        title={
          <h2 id={headingId} tabIndex={-1} className="text-2xl font-bold">
            {t('nearby.title')}
          </h2>
        }
        text={t('nearby.text')}
        button={{
          label: locating ? t('nearby.locating') : t('nearby.button'),
          busy: locating,
          // detail 0: the click came from Enter or Space, not from a pointer.
          onClick: (event) => onPress?.(event.detail === 0),
        }}
      />
    </div>
  );
}

const NearbyPanel = dynamic(() => loadPanel().then((m) => m.NearbyPanel), {
  ssr: false,
  loading: () => <Prompt locating />,
});

/**
 * Spec §7 "nearby events" on the home page. Nothing happens before the visitor presses the button, so
 * the panel's code (the location request, the search, the cards) loads on that press, not with the page.
 */
export function NearbyEvents() {
  const [start, setStart] = useState<{ keyboard: boolean } | null>(null);
  if (start) return <NearbyPanel start={start} />;
  return <Prompt locating={false} onPress={(keyboard) => setStart({ keyboard })} />;
}
