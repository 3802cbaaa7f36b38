'use client';

import { type MouseEvent, type PointerEvent, type ReactNode, type RefObject, useId, useRef } from 'react';
import { X } from '@/components/ui/icons';

/** What ties a modal to the button that opens it. */
export interface Modal {
  dialog: RefObject<HTMLDialogElement | null>;
  trigger: RefObject<HTMLButtonElement | null>;
  titleId: string;
}

/** A modal's refs and title id; pass `dialog` when the caller closes it too, `titleId` to name the title. */
export function useModal(
  options: { dialog?: RefObject<HTMLDialogElement | null>; titleId?: string } = {},
): Modal {
  const dialog = useRef<HTMLDialogElement>(null);
  const trigger = useRef<HTMLButtonElement>(null);
  const titleId = useId();
  return { dialog: options.dialog ?? dialog, trigger, titleId: options.titleId ?? titleId };
}

/**
 * The button that opens the modal; focus comes back to it when the modal closes. `onOpen` runs first
 * (a dialog that renders or loads its content only once it is opened).
 */
export function ModalTrigger({
  modal,
  className,
  onOpen,
  children,
}: {
  modal: Modal;
  className: string;
  onOpen?: () => void;
  children: ReactNode;
}) {
  return (
    <button
      ref={modal.trigger}
      type="button"
      aria-haspopup="dialog"
      onClick={() => {
        onOpen?.();
        modal.dialog.current?.showModal();
      }}
      className={className}
    >
      {children}
    </button>
  );
}

/**
 * Props that close a modal <dialog> on a click on its backdrop, which lands on the dialog element itself.
 * The press must start there too: a drag from inside (selecting text, panning a map) that ends outside
 * is not a click on the backdrop.
 */
export function useBackdropClose() {
  const pressed = useRef(false);
  return {
    onPointerDown: (e: PointerEvent<HTMLDialogElement>) => {
      pressed.current = e.target === e.currentTarget;
    },
    onClick: (e: MouseEvent<HTMLDialogElement>) => {
      if (pressed.current && e.target === e.currentTarget) e.currentTarget.close();
      pressed.current = false;
    },
  };
}

const layouts = {
  centred: {
    dialog:
      'm-auto w-[calc(100%-2rem)] max-w-2xl rounded-2xl bg-white p-0 shadow-xl backdrop:bg-slate-900/60',
    frame: 'flex max-h-[85vh] flex-col',
    bar: 'px-5 py-3',
    body: 'overflow-y-auto px-5 py-4',
  },
  drawer: {
    dialog:
      'm-0 h-full max-h-none w-80 max-w-[calc(100%-2.5rem)] bg-white p-0 shadow-xl backdrop:bg-slate-900/60',
    frame: 'flex h-full flex-col',
    bar: 'px-4 py-3',
    body: 'flex-1 overflow-y-auto p-4',
  },
};

/**
 * A native modal <dialog> with a title bar and a close button: the browser traps focus and closes it on
 * Escape, a click on the backdrop closes it too, and focus goes back to the trigger. `empty` leaves the
 * dialog without content while that content is shown elsewhere, so its ids stay unique.
 */
export function ModalDialog({
  modal,
  layout,
  title,
  closeLabel,
  empty = false,
  children,
}: {
  modal: Modal;
  layout: keyof typeof layouts;
  title: string;
  closeLabel: string;
  empty?: boolean;
  children: ReactNode;
}) {
  const classes = layouts[layout];
  // A backdrop click closes; keyboards have Escape and the close button.
  const backdrop = useBackdropClose();
  return (
    <dialog
      ref={modal.dialog}
      aria-labelledby={modal.titleId}
      onClose={() => modal.trigger.current?.focus()}
      {...backdrop}
      className={classes.dialog}
    >
      {!empty && (
        <div className={classes.frame}>
          <div className={`flex items-center justify-between gap-4 border-b border-slate-200 ${classes.bar}`}>
            <h2 id={modal.titleId} className="text-lg font-semibold">
              {title}
            </h2>
            <button
              type="button"
              onClick={() => modal.dialog.current?.close()}
              aria-label={closeLabel}
              className="flex h-10 w-10 shrink-0 items-center justify-center rounded-full hover:bg-slate-100"
            >
              <X aria-hidden size={20} />
            </button>
          </div>
          <div className={classes.body}>{children}</div>
        </div>
      )}
    </dialog>
  );
}
