'use client';

import { ModalButtonDialog } from '@/components/place-page/modal-button-dialog';
import type { Modal } from '@/components/ui/modal-dialog';
import { EmbedPanel, type EmbedTarget, type FrameTitles } from './embed-panel';

/** The Embed dialog: loaded on the first press of EmbedButton, and opened as soon as it is mounted. */
export function EmbedDialog({
  modal,
  title,
  closeLabel,
  target,
  frameTitles,
}: {
  modal: Modal;
  title: string;
  closeLabel: string;
  target: EmbedTarget;
  frameTitles: FrameTitles;
}) {
  return (
    <ModalButtonDialog modal={modal} title={title} closeLabel={closeLabel}>
      <EmbedPanel target={target} frameTitles={frameTitles} />
    </ModalButtonDialog>
  );
}
