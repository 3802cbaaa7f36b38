'use client';

import { X } from 'lucide-react';
import { useTranslations } from 'next-intl';
import { type ReactNode, useId, useRef } from 'react';

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
  const dialog = useRef<HTMLDialogElement>(null);
  const trigger = useRef<HTMLButtonElement>(null);
  const titleId = useId();
  return (
    <>
      <button
        ref={trigger}
        type="button"
        aria-haspopup="dialog"
        onClick={() => dialog.current?.showModal()}
        className="inline-flex h-10 items-center gap-2 rounded-full border border-slate-300 bg-white px-4 text-sm font-medium hover:bg-slate-50"
      >
        {icon}
        {label}
      </button>
      {/* biome-ignore lint/a11y/useKeyWithClickEvents: a backdrop click closes; keyboards have Escape and the close button */}
      <dialog
        ref={dialog}
        aria-labelledby={titleId}
        onClose={() => trigger.current?.focus()}
        // A click on the backdrop lands on the dialog element itself.
        onClick={(e) => {
          if (e.target === e.currentTarget) e.currentTarget.close();
        }}
        className="m-auto w-[calc(100%-2rem)] max-w-2xl rounded-2xl bg-white p-0 shadow-xl backdrop:bg-slate-900/60"
      >
        <div className="flex max-h-[85vh] flex-col">
          <div className="flex items-center justify-between gap-4 border-b border-slate-200 px-5 py-3">
            <h2 id={titleId} className="text-lg font-semibold">
              {title}
            </h2>
            <button
              type="button"
              onClick={() => dialog.current?.close()}
              aria-label={t('close')}
              className="flex h-10 w-10 shrink-0 items-center justify-center rounded-full hover:bg-slate-100"
            >
              <X aria-hidden size={20} />
            </button>
          </div>
          <div className="overflow-y-auto px-5 py-4">{children}</div>
        </div>
      </dialog>
    </>
  );
}
