import type { ReactNode } from 'react';

/** The dashed box a list shows in its place when it has nothing to show. */
export function EmptyNote({ children }: { children: ReactNode }) {
  return (
    <p className="rounded-xl border border-dashed border-slate-300 bg-white p-8 text-center text-slate-700">
      {children}
    </p>
  );
}
