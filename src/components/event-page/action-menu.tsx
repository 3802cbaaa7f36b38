'use client';

import type { MouseEvent, ReactNode } from 'react';
import { useDropdown } from '@/components/ui/dropdown';
import { ChevronDown } from '@/components/ui/icons';

/** The shape of the event page's action buttons: icon and label, at least 44 px tall (WCAG 2.5.5). */
const actionShape =
  'inline-flex min-h-11 min-w-11 items-center justify-center gap-2 rounded-lg border-2 px-3 py-2 text-sm font-semibold sm:text-base';

/** An action button at rest: dark text on white. */
export const actionButton = `${actionShape} border-slate-300 bg-white text-slate-800 hover:bg-slate-50`;

/**
 * A toggle's look in either state. Each state carries its own colours only: with both `bg-white` and
 * `bg-brand-600` on one element the stylesheet's order decides, and it chose white text on white (issue 29).
 */
export const actionToggle = (pressed: boolean) =>
  pressed ? `${actionShape} border-brand-600 bg-brand-600 text-white hover:bg-brand-700` : actionButton;

/** A row inside an action menu. */
export const menuItem =
  'flex min-h-11 w-full items-center gap-2 rounded-md px-3 py-2 text-left text-sm font-medium text-slate-800 hover:bg-slate-100';

/**
 * A small menu beside or instead of an action button: a <details> that Escape closes, giving focus back to
 * its <summary> (`useDropdown`). A followed link closes it; buttons inside close it themselves when they
 * should, so a copy confirmation stays readable. On a phone the panel lines up with the action row (which
 * is `relative`), wherever the summary sits in it, so it never runs off the screen.
 */
export function ActionMenu({
  label,
  text,
  icon,
  textOnWide = false,
  attached = false,
  children,
}: {
  /** The summary's accessible name when it shows no text. */
  label?: string;
  text?: string;
  icon?: ReactNode;
  /** Shows the text beside the icon from 640 px up only; on a phone it names the icon for screen readers. */
  textOnWide?: boolean;
  /** Joined to the button on its left (a split button). */
  attached?: boolean;
  children: ReactNode;
}) {
  const ref = useDropdown();
  const closeOnLink = (event: MouseEvent<HTMLDivElement>) => {
    if ((event.target as Element).closest('a')) ref.current?.removeAttribute('open');
  };
  return (
    <details ref={ref} className="sm:relative">
      <summary
        aria-label={text ? undefined : label}
        className={`${actionButton} cursor-pointer ${attached ? 'rounded-l-none border-l-0 px-2' : ''}`}
      >
        {icon}
        {text && <span className={textOnWide ? 'sr-only sm:not-sr-only' : undefined}>{text}</span>}
        <ChevronDown aria-hidden size={16} />
      </summary>
      {/* biome-ignore lint/a11y/useKeyWithClickEvents lint/a11y/noStaticElementInteractions: only watches the links' own clicks, which the keyboard triggers too */}
      <div
        onClick={closeOnLink}
        className="absolute left-0 z-50 mt-2 w-64 max-w-[calc(100vw-2rem)] rounded-lg border border-slate-200 bg-white p-1 shadow-lg"
      >
        {children}
      </div>
    </details>
  );
}
