'use client';

import { useTranslations } from 'next-intl';
import { useEffect, useSyncExternalStore } from 'react';
import { X } from './icons';

// Short confirmations and errors after an action. A few lines of our own instead of a toast library:
// every page loads this, and it is a list in a live region with a close button.

type Kind = 'success' | 'error';
interface Toast {
  id: number;
  kind: Kind;
  text: string;
}

const SHOWN_MS: Record<Kind, number> = { success: 5_000, error: 8_000 };
const MAX_SHOWN = 4;
let toasts: Toast[] = [];
let nextId = 1;
const listeners = new Set<() => void>();
const noToasts: Toast[] = [];

function publish(next: Toast[]) {
  toasts = next;
  for (const listener of listeners) listener();
}

function show(kind: Kind, text: string) {
  publish([...toasts, { id: nextId++, kind, text }].slice(-MAX_SHOWN));
}

function dismiss(id: number) {
  publish(toasts.filter((t) => t.id !== id));
}

/**
 * Escape clears the toasts (issue 29), unless a dialog is open: its Escape closes the dialog, and the
 * toast it may have raised stays readable.
 */
function dismissOnEscape(event: KeyboardEvent) {
  if (event.key !== 'Escape' || !toasts.length || event.defaultPrevented) return;
  if (document.querySelector('dialog[open]')) return;
  publish([]);
}

export const toast = {
  success: (text: string) => show('success', text),
  error: (text: string) => show('error', text),
};

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function ToastItem({ item, closeLabel }: { item: Toast; closeLabel: string }) {
  useEffect(() => {
    const timer = setTimeout(() => dismiss(item.id), SHOWN_MS[item.kind]);
    return () => clearTimeout(timer);
  }, [item]);
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

/**
 * Where toasts appear: at the bottom, where they cover none of the top bar's controls (issue 29); on a
 * phone full width and above the bottom bar (a page's sticky ticket, at most 56 px), from 640 px up in
 * the bottom right corner. Read out by screen readers; the close button or Escape dismiss them.
 */
export function Toaster() {
  const t = useTranslations('common');
  const items = useSyncExternalStore(
    subscribe,
    () => toasts,
    () => noToasts,
  );
  const shown = items.length > 0;
  useEffect(() => {
    if (!shown) return;
    document.addEventListener('keydown', dismissOnEscape);
    return () => document.removeEventListener('keydown', dismissOnEscape);
  }, [shown]);
  return (
    <section
      aria-label={t('notifications')}
      aria-live="polite"
      className="pointer-events-none fixed inset-x-2 bottom-16 z-[60] sm:left-auto sm:right-4 sm:bottom-4 sm:w-96"
    >
      <ol className="flex flex-col gap-2">
        {items.map((item) => (
          <ToastItem key={item.id} item={item} closeLabel={t('close')} />
        ))}
      </ol>
    </section>
  );
}
