import type { ButtonHTMLAttributes } from 'react';
import { X } from '@/components/ui/icons';

const iconButtonClass =
  'flex h-11 w-11 shrink-0 items-center justify-center rounded-lg border border-slate-300 bg-white text-slate-700 hover:bg-slate-100';

/** The square × button that removes one entry of a list or one photo; `label` names what it removes. */
export function RemoveButton({
  label,
  className,
  ...rest
}: { label: string } & Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'type' | 'aria-label' | 'children'>) {
  return (
    <button
      type="button"
      aria-label={label}
      className={className ? `${className} ${iconButtonClass}` : iconButtonClass}
      {...rest}
    >
      <X aria-hidden size={18} />
    </button>
  );
}
