import type { ReactNode } from 'react';

/** An admin page's title and what it is for; `before` is a way back, where the page has one. */
export function AdminPageHeader({
  title,
  intro,
  before,
}: {
  title: string;
  intro: string;
  before?: ReactNode;
}) {
  return (
    <header className="grid gap-1">
      {before}
      <h1 className="text-2xl font-bold">{title}</h1>
      <p className="text-slate-700">{intro}</p>
    </header>
  );
}
