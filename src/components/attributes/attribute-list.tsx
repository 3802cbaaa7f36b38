import { AttributeIcon } from '@/components/ui/icons';
import type { ShownAttribute } from '@/lib/schemas/catalogue-responses';

/**
 * Issue 30: a place's or an event's amenities on its page, each with its icon and its words (never an
 * icon alone), wrapping on a 360 px phone.
 */
export function AttributeList({
  attributes,
  heading,
  headingId,
}: {
  attributes: ShownAttribute[];
  heading: string;
  headingId: string;
}) {
  if (attributes.length === 0) return null;
  return (
    <section aria-labelledby={headingId} className="grid gap-2">
      <h2 id={headingId} className="text-lg font-semibold text-slate-900">
        {heading}
      </h2>
      <ul className="flex flex-wrap gap-2" data-testid="attribute-list">
        {attributes.map((a) => (
          <li
            key={a.slug}
            className="inline-flex min-h-9 max-w-full items-center gap-2 rounded-full border border-slate-200 bg-slate-50 px-3 py-1 text-sm text-slate-800"
          >
            <AttributeIcon name={a.icon} size={16} className="shrink-0 text-brand-700" />
            <span className="break-words">{a.name}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}

/**
 * A card's amenities: at most `max` compact chips with their words (truncated to the card's width), and
 * how many more there are.
 */
export function AttributeChips({
  attributes,
  max = 3,
  label,
  moreLabel,
}: {
  attributes: ShownAttribute[];
  max?: number;
  label: string;
  moreLabel?: (count: number) => string;
}) {
  if (attributes.length === 0) return null;
  const shown = attributes.slice(0, max);
  const more = attributes.length - shown.length;
  return (
    <ul aria-label={label} className="flex min-w-0 flex-wrap gap-1">
      {shown.map((a) => (
        <li
          key={a.slug}
          title={a.name}
          className="inline-flex min-w-0 max-w-full items-center gap-1 rounded-full bg-slate-100 px-2 py-0.5 text-xs text-slate-700"
        >
          <AttributeIcon name={a.icon} size={12} className="shrink-0" />
          <span className="truncate">{a.name}</span>
        </li>
      ))}
      {more > 0 && moreLabel && <li className="px-1 py-0.5 text-xs text-slate-600">{moreLabel(more)}</li>}
    </ul>
  );
}
