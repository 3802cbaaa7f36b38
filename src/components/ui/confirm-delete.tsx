'use client';

import { useId, useRef, useState } from 'react';
import { useApi } from '@/components/hooks/use-api';
import { Button, buttonClass } from '@/components/ui/button';
import { Pencil, Trash2 } from '@/components/ui/icons';
import { Link } from '@/components/ui/link';
import { ModalFrame } from '@/components/ui/modal-dialog';
import { toast } from '@/components/ui/toasts';
import type { ApiUrl } from '@/lib/api-client';

interface Item {
  id: number;
  name: string;
}

/**
 * A delete that asks first: `ask(item, button)` opens the dialog, confirming sends DELETE to `url(item)`.
 * After success the row is gone, so focus falls back to the list's heading; on failure useApi has shown
 * the error and the dialog stays open for another try or a cancel.
 */
export function useConfirmedDelete<T extends Item>({
  url,
  deletedMessage,
  headingId,
  afterDelete,
}: {
  url: (item: T) => ApiUrl;
  deletedMessage: (item: T) => string;
  headingId: string;
  afterDelete: (item: T) => void;
}) {
  const api = useApi();
  const dialog = useRef<HTMLDialogElement>(null);
  const opener = useRef<HTMLButtonElement | null>(null);
  const [target, setTarget] = useState<T | null>(null);
  const [pending, setPending] = useState(false);

  const ask = (item: T, button: HTMLButtonElement) => {
    opener.current = button;
    setTarget(item);
    dialog.current?.showModal();
  };

  const confirm = async () => {
    if (!target) return;
    setPending(true);
    try {
      await api(url(target), { method: 'DELETE', overlay: true });
      toast.success(deletedMessage(target));
      opener.current = null;
      dialog.current?.close();
      document.getElementById(headingId)?.focus();
      afterDelete(target);
    } catch {
      // Shown by useApi.
    } finally {
      setPending(false);
    }
  };

  const onClose = () => {
    setTarget(null);
    opener.current?.focus();
  };

  return { ask, target, dialogProps: { dialogRef: dialog, pending, onConfirm: confirm, onClose } };
}

export function ConfirmDeleteDialog({
  dialogRef,
  pending,
  onConfirm,
  onClose,
  title,
  text,
  note,
  cancelLabel,
  confirmLabel,
}: {
  dialogRef: React.RefObject<HTMLDialogElement | null>;
  pending: boolean;
  onConfirm: () => void;
  onClose: () => void;
  title: string;
  text: string;
  /** A sentence shown first, for what this deletion in particular means. */
  note?: string;
  cancelLabel: string;
  confirmLabel: string;
}) {
  const id = useId();
  return (
    <ModalFrame
      dialogRef={dialogRef}
      size="narrow"
      labelledBy={`${id}-title`}
      describedBy={note ? `${id}-note ${id}-text` : `${id}-text`}
      onClose={onClose}
    >
      <div className="grid gap-4 p-5 sm:p-6">
        <h2 id={`${id}-title`} className="text-xl font-semibold break-words">
          {title}
        </h2>
        {note && (
          <p id={`${id}-note`} className="rounded-lg bg-slate-100 p-3 font-medium text-slate-900">
            {note}
          </p>
        )}
        <p id={`${id}-text`} className="text-slate-700">
          {text}
        </p>
        <div className="flex flex-wrap justify-end gap-3">
          <Button variant="secondary" onClick={() => dialogRef.current?.close()}>
            {cancelLabel}
          </Button>
          <Button variant="danger" onClick={onConfirm} disabled={pending}>
            {confirmLabel}
          </Button>
        </div>
      </div>
    </ModalFrame>
  );
}

/** A row's edit link and delete button; `onDelete` gets the button, so the dialog can give focus back. */
export function EditDeleteActions({
  editHref,
  current,
  labels,
  onDelete,
}: {
  editHref: string;
  /** The row being edited on this page. */
  current?: boolean;
  labels: { edit: string; editNamed: string; delete: string; deleteNamed: string };
  onDelete: (button: HTMLButtonElement) => void;
}) {
  return (
    <div className="flex flex-wrap gap-2">
      <Link
        href={editHref}
        aria-label={labels.editNamed}
        aria-current={current ? 'page' : undefined}
        className={buttonClass({ variant: 'secondary' })}
      >
        <Pencil aria-hidden size={16} />
        {labels.edit}
      </Link>
      <Button
        variant="danger-outline"
        onClick={(event) => onDelete(event.currentTarget)}
        aria-label={labels.deleteNamed}
        aria-haspopup="dialog"
      >
        <Trash2 aria-hidden size={16} />
        {labels.delete}
      </Button>
    </div>
  );
}
