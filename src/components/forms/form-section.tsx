import type { ReactNode } from 'react';

/** One card of a long form (company, place, event): a fieldset with a large legend. */
export const sectionClass = 'grid gap-4 rounded-xl border border-slate-200 bg-white p-4 sm:p-6';
/** The event form's cards may shrink below their content: its photo tiles truncate long file names. */
export const shrinkingSectionClass =
  'grid min-w-0 gap-4 rounded-xl border border-slate-200 bg-white p-4 sm:p-6';
export const legendClass = 'px-1 text-lg font-semibold text-slate-900';
export const hintClass = 'text-sm text-slate-600';

export function FormSection({
  legend,
  hint,
  className = sectionClass,
  children,
}: {
  legend: string;
  hint?: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <fieldset className={className}>
      <legend className={legendClass}>{legend}</legend>
      {hint && <p className={hintClass}>{hint}</p>}
      {children}
    </fieldset>
  );
}
