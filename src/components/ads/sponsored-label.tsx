import { ChevronDown } from '@/components/ui/icons';

/** The texts of a label, translated where the card is drawn (server or client). */
export interface SponsoredTexts {
  /** "Promowane" / "Sponsored". */
  label: string;
  /** Read by screen readers after the label: what opening it tells. */
  more: string;
  /** Who paid: "Reklama. Płaci: …" / "Ad. Paid for by …". */
  details: string;
}

/**
 * Issue 28, EU DSA art. 26: a paid placement's visible label, and a disclosure naming who paid. A
 * native <details> (keyboard and screen readers know it, no JavaScript); placed beside the card's link,
 * never inside it, as interactive content may not nest. `className` positions it over the card.
 */
export function SponsoredLabel({ texts, className = '' }: { texts: SponsoredTexts; className?: string }) {
  return (
    <details className={`group/ad z-10 max-w-[calc(100%-1rem)] text-xs ${className}`}>
      <summary className="inline-flex min-h-6 cursor-pointer list-none items-center gap-1 rounded-md bg-slate-900/85 px-2 py-0.5 font-semibold uppercase tracking-wide text-white [&::-webkit-details-marker]:hidden">
        {texts.label}
        <span className="sr-only">, {texts.more}</span>
        <ChevronDown aria-hidden size={12} className="transition group-open/ad:rotate-180" />
      </summary>
      <p className="mt-1 w-max max-w-full rounded-md bg-white px-2 py-1.5 text-slate-900 shadow-lg ring-1 ring-slate-200">
        {texts.details}
      </p>
    </details>
  );
}

/** The label's texts for `company`, from the `ads` messages (server or client translator). */
export function sponsoredTexts(
  t: (key: 'label' | 'more' | 'details', values?: { company: string }) => string,
  company: string,
): SponsoredTexts {
  return { label: t('label'), more: t('more'), details: t('details', { company }) };
}
