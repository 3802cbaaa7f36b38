import type { ReactNode } from 'react';

/** The pill beside an unread conversation or notification; `children` is its word ("Nowa", "New"). */
export function UnreadBadge({ children }: { children: ReactNode }) {
  return (
    <span className="inline-flex w-fit items-center gap-1.5 rounded-full bg-brand-600 px-2.5 py-0.5 text-xs font-semibold text-white">
      <span aria-hidden className="h-2 w-2 rounded-full bg-white" />
      {children}
    </span>
  );
}
