'use client';

import { useEffect } from 'react';
import { X } from './icons';
import { clearToasts, dismiss, type Kind, type Toast } from './toasts';

const SHOWN_MS: Record<Kind, number> = { success: 5_000, error: 8_000 };

/**
 * Escape clears the toasts (issue 29), unless a dialog is open: its Escape closes the dialog, and the
 * toast it may have raised stays readable. Listened to while a toast is shown (every toast listens; the
 * first clears them all).
 */
function dismissOnEscape(event: KeyboardEvent) {
  if (event.key !== 'Escape' || event.defaultPrevented || document.querySelector('dialog[open]')) return;
  clearToasts();
}

/** One toast, dismissed after its time or by its close button (the list and its store are in toasts.tsx). */
export function ToastItem({ item, closeLabel }: { item: Toast; closeLabel: string }) {
  useEffect(() => {
    const timer = setTimeout(() => dismiss(item.id), SHOWN_MS[item.kind]);
    return () => clearTimeout(timer);
  }, [item]);
  useEffect(() => {
    document.addEventListener('keydown', dismissOnEscape);
    return () => document.removeEventListener('keydown', dismissOnEscape);
  }, []);
  const colours =
    item.kind === 'success'
      ? 'border-green-300 bg-green-50 text-green-900'
      : 'border-red-300 bg-red-50 text-red-900';
  return (
    <li
      className={`pointer-events-auto flex items-start gap-3 rounded-lg border p-3 text-sm shadow-lg ${colours}`}
      data-toast={item.kind}
    >
      <p className="flex-1 break-words">{item.text}</p>
      {/* 32 px to press (WCAG 2.5.8), drawn into the toast's padding so the toast stays low. */}
      <button
        type="button"
        onClick={() => dismiss(item.id)}
        aria-label={closeLabel}
        className="-m-1.5 flex h-8 w-8 shrink-0 items-center justify-center rounded hover:bg-black/5 focus-visible:outline-2 focus-visible:outline-current"
      >
        <X aria-hidden className="h-4 w-4" />
      </button>
    </li>
  );
}
