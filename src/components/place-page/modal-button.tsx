'use client';

import { useTranslations } from 'next-intl';
import type { ReactNode } from 'react';
import { ModalDialog, ModalTrigger, useModal } from '@/components/ui/modal-dialog';

/**
 * A button that opens a native modal <dialog>: the browser traps focus and closes it on Escape;
 * focus goes back to the button on close.
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
  const modal = useModal();
  return (
    <>
      <ModalTrigger
        modal={modal}
        className="inline-flex h-10 items-center gap-2 rounded-full border border-slate-300 bg-white px-4 text-sm font-medium hover:bg-slate-50"
      >
        {icon}
        {label}
      </ModalTrigger>
      <ModalDialog modal={modal} layout="centred" title={title} closeLabel={t('close')}>
        {children}
      </ModalDialog>
    </>
  );
}
