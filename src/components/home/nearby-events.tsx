'use client';

import dynamic from 'next/dynamic';
import { useTranslations } from 'next-intl';
import { type MouseEvent, type ReactNode, type RefObject, useId, useState } from 'react';
import { LocateFixed } from '@/components/ui/icons';

/** The nearby section before any results: its heading, a sentence and the button that asks for the location. */
export function NearbyPrompt({
  headingId,
  title,
  text,
  button,
  children,
}: {
  headingId: string;
  title: ReactNode;
  text: string;
  button?: {
    label: string;
    busy: boolean;
    onClick?: (event: MouseEvent<HTMLButtonElement>) => void;
    describedBy?: string;
    ref?: RefObject<HTMLButtonElement | null>;
  };
  /** What went wrong, under the box. */
  children?: ReactNode;
}) {
  return (
    <section aria-labelledby={headingId}>
      {title}
      <div className="mt-4 flex flex-col gap-3 rounded-2xl border border-slate-200 bg-white p-5 sm:flex-row sm:items-center sm:justify-between">
        <p className="text-slate-700">{text}</p>
        {button && (
          <button
            ref={button.ref}
            type="button"
            onClick={button.onClick}
            aria-disabled={button.busy}
            aria-describedby={button.describedBy}
            className="inline-flex min-h-11 shrink-0 items-center justify-center gap-2 rounded-lg bg-brand-600 px-5 py-2 text-center font-semibold text-white hover:bg-brand-700 aria-disabled:opacity-60"
          >
            <LocateFixed aria-hidden size={18} />
            {button.label}
          </button>
        )}
      </div>
      {children}
    </section>
  );
}

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
