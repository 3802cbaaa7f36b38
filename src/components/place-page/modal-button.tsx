'use client';

import dynamic from 'next/dynamic';
import { useTranslations } from 'next-intl';
import { type ReactNode, useId, useMemo, useRef, useState } from 'react';
import type { Modal } from '@/components/ui/modal-dialog';

const ModalButtonDialog = dynamic(() => import('./modal-button-dialog').then((m) => m.ModalButtonDialog), {
  ssr: false,
});

/**
 * A button that opens a native modal <dialog>: the browser traps focus and closes it on Escape;
 * focus goes back to the button on close. The dialog (its code and its content) is rendered only once
 * it is first opened: it is not part of the page's HTML nor of its first JavaScript.
 */
export function ModalButton({
  label,
  title,
  icon,
  children,
}: {
  label: ReactNode;
  title: string;
  icon?: ReactNode;
  children: ReactNode;
}) {
  const t = useTranslations('place_page');
  const dialog = useRef<HTMLDialogElement>(null);
  const trigger = useRef<HTMLButtonElement>(null);
  const titleId = useId();
  // One object for the dialog's lifetime: the dialog opens itself once, when it is first mounted.
  const modal: Modal = useMemo(() => ({ dialog, trigger, titleId }), [titleId]);
  const [opened, setOpened] = useState(false);
  return (
    <>
      <button
        ref={trigger}
        type="button"
        aria-haspopup="dialog"
        onClick={() => (dialog.current ? dialog.current.showModal() : setOpened(true))}
        className="inline-flex h-10 items-center gap-2 rounded-full border border-slate-300 bg-white px-4 text-sm font-medium hover:bg-slate-50"
      >
        {icon}
        {label}
      </button>
      {opened && (
        <ModalButtonDialog modal={modal} title={title} closeLabel={t('close')}>
          {children}
        </ModalButtonDialog>
      )}
    </>
  );
}
