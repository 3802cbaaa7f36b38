import type { ReactNode } from 'react';
import { buttonClass } from '@/components/ui/button';
import { ExternalLink, Footprints } from '@/components/ui/icons';
import { OptionalImage } from '@/components/ui/optional-image';

// Pieces the place page and the event page share.

export const card = 'rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6';
export const external = { target: '_blank', rel: 'noopener noreferrer' } as const;

/** A phone number as a `tel:` link dials it: digits and the leading "+" only. */
export const telHref = (phone: string) => `tel:${phone.replace(/[^\d+]/g, '')}`;

/** A website opened in a new tab, shown without its protocol. */
export function WebsiteLink({ url, className, newTab }: { url: string; className: string; newTab: string }) {
  return (
    <a href={url} className={className} {...external}>
      {url.replace(/^https?:\/\//, '')}
      <span className="sr-only"> {newTab}</span>
    </a>
  );
}

/** The signed-in visitor, as much as a detail page needs: owners, companies and others see different buttons. */
export interface PageViewer {
  id: number;
  role: 'user' | 'company' | 'admin';
}

/** The signed-in user as a detail page's viewer (null for a guest): only the id and the role travel. */
export const pageViewer = (user: PageViewer | null): PageViewer | null =>
  user ? { id: user.id, role: user.role } : null;

/** schema.org data for search engines, with "<" escaped so that no value can close the script. */
export function JsonLd({ data }: { data: object }) {
  return (
    <script
      type="application/ld+json"
      // biome-ignore lint/security/noDangerouslySetInnerHtml: JSON-LD with "<" escaped, so it cannot close the script
      dangerouslySetInnerHTML={{ __html: JSON.stringify(data).replace(/</g, '\\u003c') }}
    />
  );
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
        <OptionalImage src={url} alt={alt} priority />
      </div>
    </div>
  );
}

/** Spec §4: a verified virtual walk, opened in a new tab. */
export function VirtualWalkLink({ url, label, newTab }: { url: string; label: string; newTab: string }) {
  return (
    <a href={url} className={buttonClass({ className: 'py-2' })} {...external}>
      <Footprints aria-hidden size={18} />
      {label}
      <ExternalLink aria-hidden size={16} />
      <span className="sr-only"> {newTab}</span>
    </a>
  );
}
