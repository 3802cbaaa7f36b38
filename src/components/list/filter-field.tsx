import type { ReactNode } from 'react';

export const filterInput = 'h-11 w-full rounded-lg border border-slate-300 bg-white px-3';

export function FilterField({ id, label, children }: { id: string; label: string; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium text-slate-700">
        {label}
      </label>
      {children}
    </div>
  );
}
