'use client';

import { useTranslations } from 'next-intl';
import { type ReactNode, type RefObject, useEffect, useSyncExternalStore } from 'react';
import { SlidersHorizontal } from '@/components/ui/icons';
import { ModalDialog, ModalTrigger, useModal } from '@/components/ui/modal-dialog';

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
  const modal = useModal({ dialog, titleId: `${id}-title` });

  useEffect(() => {
    if (wide) dialog.current?.close();
  }, [wide, dialog]);

  return (
    <>
      <div className="mb-4 md:hidden">
        <ModalTrigger
          modal={modal}
          className="flex h-11 items-center gap-2 rounded-lg border border-slate-300 bg-white px-4 font-semibold"
        >
          <SlidersHorizontal aria-hidden size={18} />
          {t('open')}
        </ModalTrigger>
      </div>
      <ModalDialog modal={modal} layout="drawer" title={t('title')} closeLabel={t('close')} empty={wide}>
        {children}
      </ModalDialog>
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
