'use client';

import { useId, useMemo, useRef, useState } from 'react';
import type { Modal } from './modal-dialog';

/** The pill-shaped button that opens a lazily loaded dialog (place page, Embed). */
export const dialogButtonClass =
  'inline-flex h-10 items-center gap-2 rounded-full border border-slate-300 bg-white px-4 text-sm font-medium hover:bg-slate-50';

/**
 * A native modal <dialog> whose code and content load on the first press: render it once `opened`, with
 * `modal`; `open` opens it again afterwards. The browser traps focus and closes it on Escape; focus
 * goes back to the `trigger` button on close.
 */
export function useLazyModal() {
  const dialog = useRef<HTMLDialogElement>(null);
  const trigger = useRef<HTMLButtonElement>(null);
  const titleId = useId();
  // One object for the dialog's lifetime: the dialog opens itself once, when it is first mounted.
  const modal: Modal = useMemo(() => ({ dialog, trigger, titleId }), [titleId]);
  const [opened, setOpened] = useState(false);
  const open = () => (dialog.current ? dialog.current.showModal() : setOpened(true));
  return { modal, trigger, opened, open };
}
