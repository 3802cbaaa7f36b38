'use client';

import {
  type KeyboardEvent,
  type MouseEvent,
  type PointerEvent,
  type ReactNode,
  type RefObject,
  type SyntheticEvent,
  useId,
  useRef,
} from 'react';
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
function useBackdropClose() {
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

// The portal's modals by size: a white card on a dimmed page, or the gallery's dark lightbox.
const card = 'bg-white text-slate-900 backdrop:bg-slate-900/60';
const frames = {
  narrow: `${card} m-auto w-[calc(100%-2rem)] max-w-md rounded-2xl`,
  medium: `${card} m-auto max-h-[calc(100dvh-2rem)] w-[calc(100%-2rem)] max-w-lg overflow-y-auto rounded-2xl`,
  wide: `${card} m-auto w-[calc(100%-2rem)] max-w-2xl rounded-2xl`,
  map: `${card} m-auto max-h-[calc(100dvh-1rem)] w-[calc(100%-1rem)] max-w-3xl overflow-y-auto rounded-2xl`,
  drawer: `${card} m-0 h-full max-h-none w-80 max-w-[calc(100%-2.5rem)]`,
  lightbox:
    'm-auto max-h-[95vh] w-[calc(100%-1rem)] max-w-5xl overflow-hidden rounded-xl bg-slate-950 text-white backdrop:bg-slate-950/80',
};

/**
 * The native modal <dialog> every modal of the portal is: the browser traps focus and closes it on
 * Escape, a click on its backdrop closes it too, and `onClose` gives focus back where it belongs.
 */
export function ModalFrame({
  dialogRef,
  size,
  labelledBy,
  label,
  describedBy,
  onClose,
  onKeyDown,
  children,
}: {
  dialogRef: RefObject<HTMLDialogElement | null>;
  size: keyof typeof frames;
  /** Its name: the id of its title, or a label when it has none. */
  labelledBy?: string;
  label?: string;
  describedBy?: string;
  onClose: (event: SyntheticEvent<HTMLDialogElement>) => void;
  onKeyDown?: (event: KeyboardEvent<HTMLDialogElement>) => void;
  children: ReactNode;
}) {
  const backdrop = useBackdropClose();
  return (
    <dialog
      ref={dialogRef}
      aria-labelledby={labelledBy}
      aria-label={label}
      aria-describedby={describedBy}
      onClose={onClose}
      onKeyDown={onKeyDown}
      {...backdrop}
      className={`p-0 shadow-xl ${frames[size]}`}
    >
      {children}
    </dialog>
  );
}

const layouts = {
  centred: { frame: 'flex max-h-[85dvh] flex-col', bar: 'px-5 py-3', body: 'overflow-y-auto px-5 py-4' },
  drawer: { frame: 'flex h-full flex-col', bar: 'px-4 py-3', body: 'flex-1 overflow-y-auto p-4' },
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
  describedBy,
  onClose = () => modal.trigger.current?.focus(),
  children,
}: {
  modal: Modal;
  layout: keyof typeof layouts;
  title: string;
  closeLabel: string;
  empty?: boolean;
  describedBy?: string;
  /** By default focus goes back to the trigger. */
  onClose?: (event: SyntheticEvent<HTMLDialogElement>) => void;
  children: ReactNode;
}) {
  const classes = layouts[layout];
  return (
    <ModalFrame
      dialogRef={modal.dialog}
      size={layout === 'drawer' ? 'drawer' : 'wide'}
      labelledBy={modal.titleId}
      describedBy={describedBy}
      onClose={onClose}
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
    </ModalFrame>
  );
}
