'use client';

import { SlidersHorizontal, X } from 'lucide-react';
import { useTranslations } from 'next-intl';
import { type ReactNode, type RefObject, useEffect, useRef, useSyncExternalStore } from 'react';

// Below the md breakpoint (960 px) the panel is a drawer; the server renders the wide layout.
const wideQuery = '(min-width: 960px)';
const subscribeWide = (change: () => void) => {
  const query = window.matchMedia(wideQuery);
  query.addEventListener('change', change);
  return () => query.removeEventListener('change', change);
};

export const useWide = () =>
  useSyncExternalStore(
    subscribeWide,
    () => window.matchMedia(wideQuery).matches,
    () => true,
  );

/**
 * Where the filters' form sits: a side panel on wide screens, below 960 px a side drawer (a native modal
 * dialog) opened by a button. The form is rendered in one of the two only, so its ids stay unique.
 */
export function FiltersFrame({
  id,
  wide,
  dialog,
  children,
}: {
  id: string;
  wide: boolean;
  dialog: RefObject<HTMLDialogElement | null>;
  children: ReactNode;
}) {
  const t = useTranslations('list.filters');
  const trigger = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (wide) dialog.current?.close();
  }, [wide, dialog]);

  return (
    <>
      <div className="mb-4 md:hidden">
        <button
          ref={trigger}
          type="button"
          aria-haspopup="dialog"
          onClick={() => dialog.current?.showModal()}
          className="flex h-11 items-center gap-2 rounded-lg border border-slate-300 bg-white px-4 font-semibold"
        >
          <SlidersHorizontal aria-hidden size={18} />
          {t('open')}
        </button>
      </div>
      {/* biome-ignore lint/a11y/useKeyWithClickEvents: a backdrop click closes; keyboards have Escape and the close button */}
      <dialog
        ref={dialog}
        aria-labelledby={`${id}-title`}
        onClose={() => trigger.current?.focus()}
        // A click on the backdrop lands on the dialog element itself.
        onClick={(e) => {
          if (e.target === e.currentTarget) e.currentTarget.close();
        }}
        className="m-0 h-full max-h-none w-80 max-w-[calc(100%-2.5rem)] bg-white p-0 shadow-xl backdrop:bg-slate-900/60"
      >
        {!wide && (
          <div className="flex h-full flex-col">
            <div className="flex items-center justify-between gap-4 border-b border-slate-200 px-4 py-3">
              <h2 id={`${id}-title`} className="text-lg font-semibold">
                {t('title')}
              </h2>
              <button
                type="button"
                onClick={() => dialog.current?.close()}
                aria-label={t('close')}
                className="flex h-10 w-10 shrink-0 items-center justify-center rounded-full hover:bg-slate-100"
              >
                <X aria-hidden size={20} />
              </button>
            </div>
            <div className="flex-1 overflow-y-auto p-4">{children}</div>
          </div>
        )}
      </dialog>
      {wide && (
        <aside aria-labelledby={`${id}-title`} className="hidden md:block">
          <div className="rounded-xl border border-slate-200 bg-white p-4">
            <h2 id={`${id}-title`} className="mb-3 text-lg font-semibold">
              {t('title')}
            </h2>
            {children}
          </div>
        </aside>
      )}
    </>
  );
}
