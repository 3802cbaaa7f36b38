'use client';

import { type ReactNode, useEffect } from 'react';
import { type Modal, ModalDialog } from '@/components/ui/modal-dialog';

/** ModalButton's dialog: loaded on the first press, and opened as soon as it is mounted. */
export function ModalButtonDialog({
  modal,
  title,
  closeLabel,
  children,
}: {
  modal: Modal;
  title: string;
  closeLabel: string;
  children: ReactNode;
}) {
  useEffect(() => {
    modal.dialog.current?.showModal();
  }, [modal]);
  return (
    <ModalDialog modal={modal} layout="centred" title={title} closeLabel={closeLabel}>
      {children}
    </ModalDialog>
  );
}
