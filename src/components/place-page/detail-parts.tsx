import { ExternalLink, Footprints } from 'lucide-react';
import type { ReactNode } from 'react';

// Pieces the place page and the event page share.

export const card = 'rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6';
export const external = { target: '_blank', rel: 'noopener noreferrer' } as const;

/** The signed-in visitor, as much as a detail page needs: owners, companies and others see different buttons. */
export interface PageViewer {
  id: number;
  role: 'user' | 'company' | 'admin';
}

/** A titled section of a detail page; `id` names its heading. */
export function Section({
  id,
  title,
  children,
  className = card,
}: {
  id: string;
  title: string;
  children: ReactNode;
  className?: string;
}) {
  return (
    <section aria-labelledby={id} className={className}>
      <h2 id={id} className="mb-4 text-xl font-bold">
        {title}
      </h2>
      {children}
    </section>
  );
}

/** The banner strip at the top of a detail page; the brand gradient shows when there is no image. */
export function Banner({ url, alt }: { url: string | undefined; alt: string }) {
  return (
    <div className="mx-auto max-w-6xl sm:px-4 sm:pt-4">
      <div className="h-40 overflow-hidden bg-gradient-to-br from-brand-700 to-brand-500 sm:h-56 sm:rounded-2xl md:h-72">
        {url && <img src={url} alt={alt} className="h-full w-full object-cover" />}
      </div>
    </div>
  );
}

/** Spec §4: a verified virtual walk, opened in a new tab. */
export function VirtualWalkLink({ url, label, newTab }: { url: string; label: string; newTab: string }) {
  return (
    <a
      href={url}
      className="inline-flex min-h-11 items-center gap-2 rounded-lg bg-brand-600 px-5 py-2 font-semibold text-white hover:bg-brand-700"
      {...external}
    >
      <Footprints aria-hidden size={18} />
      {label}
      <ExternalLink aria-hidden size={16} />
      <span className="sr-only"> {newTab}</span>
    </a>
  );
}
