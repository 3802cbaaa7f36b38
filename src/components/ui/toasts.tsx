'use client';

import { useTranslations } from 'next-intl';
import { type ReactNode, useEffect, useState, useSyncExternalStore } from 'react';

// Short confirmations and errors after an action. A few lines of our own instead of a toast library:
// every page loads this, and it is a list in a live region with a close button.

export type Kind = 'success' | 'error';
export interface Toast {
  id: number;
  kind: Kind;
  text: string;
}

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

export function dismiss(id: number) {
  publish(toasts.filter((t) => t.id !== id));
}

/** Clears every toast (Escape, in toast-item.tsx). */
export const clearToasts = () => publish([]);

export const toast = {
  success: (text: string) => show('success', text),
  error: (text: string) => show('error', text),
};

// A toast's look (its colours, close button and timer) is fetched once the page has settled, or at once
// for an earlier toast: every page loads this file, few show a toast. Not through React.lazy: a toast
// raised by a form's answer must not suspend the render that moves the focus to the refused field.
type Item = (props: { item: Toast; closeLabel: string }) => ReactNode;

function useToastItem(shown: boolean): Item | null {
  const [item, setItem] = useState<Item | null>(null);
  useEffect(() => {
    if (item) return;
    const load = () => import('./toast-item').then((m) => setItem(() => m.ToastItem));
    const timer = setTimeout(load, shown ? 0 : 2_000);
    return () => clearTimeout(timer);
  }, [item, shown]);
  return item;
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
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
  const ToastItem = useToastItem(items.length > 0);
  return (
    <section
      aria-label={t('notifications')}
      aria-live="polite"
      className="pointer-events-none fixed inset-x-2 bottom-16 z-[60] sm:left-auto sm:right-4 sm:bottom-4 sm:w-96"
    >
      <ol className="flex flex-col gap-2">
        {items.map((item) =>
          ToastItem ? (
            <ToastItem key={item.id} item={item} closeLabel={t('close')} />
          ) : (
            <li
              key={item.id}
              data-toast={item.kind}
              className="rounded-lg border bg-white p-3 text-sm shadow-lg"
            >
              {item.text}
            </li>
          ),
        )}
      </ol>
    </section>
  );
}
