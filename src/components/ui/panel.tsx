import type { ReactNode } from 'react';

/**
 * A white card of a page, named by its heading (`aria-labelledby`): the admin's tools, a form of the
 * organiser's registrations page, a box beside the calendar. `small` is a heading one step down, for a
 * card among others; `className` places the card (a margin, a grid cell), the card's look stays.
 */
export function Panel({
  id,
  title,
  as: Tag = 'section',
  small = false,
  className,
  children,
}: {
  id: string;
  title: ReactNode;
  as?: 'section' | 'aside';
  small?: boolean;
  className?: string;
  children: ReactNode;
}) {
  return (
    <Tag
      aria-labelledby={id}
      className={`grid min-w-0 content-start gap-3 rounded-xl border border-slate-200 bg-white p-4 sm:p-6 ${className ?? ''}`}
    >
      <h2 id={id} className={small ? 'text-lg font-bold' : 'text-xl font-bold'}>
        {title}
      </h2>
      {children}
    </Tag>
  );
}
