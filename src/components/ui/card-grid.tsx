import type { ReactNode } from 'react';

/** Cards in a grid, or the sentence that says there are none. */
export function CardGrid({
  cards,
  className,
  empty,
}: {
  cards: { id: number; node: ReactNode }[];
  className: string;
  empty: string;
}) {
  if (!cards.length) return <p className="text-slate-600">{empty}</p>;
  return (
    <ul className={className}>
      {cards.map((c) => (
        <li key={c.id}>{c.node}</li>
      ))}
    </ul>
  );
}
