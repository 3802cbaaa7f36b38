'use client';

import dynamic from 'next/dynamic';
import { useTranslations } from 'next-intl';
import type { ReactNode } from 'react';
import { dialogButtonClass, useLazyModal } from '@/components/ui/use-lazy-modal';

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
  const { modal, trigger, opened, open } = useLazyModal();
  return (
    <>
      <button ref={trigger} type="button" aria-haspopup="dialog" onClick={open} className={dialogButtonClass}>
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
