import { getTranslations } from 'next-intl/server';
import { AttributeIcon } from '@/components/ui/icons';

/** An attribute the /list filters offer (issue 30). */
export interface AttributeFilterOption {
  slug: string;
  name: string;
  icon: string;
}

/**
 * Issue 30: "Dostępność i rodzina" on /list, rendered on the server into the filters form: results having
 * every ticked attribute, kept in the URL as `attributes=slug1,slug2` (the panel reads the ticked boxes
 * on Apply; without JavaScript each box is sent as its own `attributes`). Keyed by the applied value, so
 * the boxes follow the URL (back button).
 */
export async function AttributeFilter({
  options,
  applied,
}: {
  options: AttributeFilterOption[];
  applied: string | undefined;
}) {
  const t = await getTranslations('attributes');
  if (options.length === 0) return null;
  const ticked = new Set(applied?.split(',') ?? []);
  return (
    <fieldset key={applied ?? ''} className="grid gap-1">
      <legend className="mb-1 text-sm font-semibold text-slate-900">{t('filter')}</legend>
      {options.map((option) => (
        <label key={option.slug} className="flex min-h-11 cursor-pointer items-center gap-2 text-slate-800">
          <input
            type="checkbox"
            name="attributes"
            value={option.slug}
            defaultChecked={ticked.has(option.slug)}
            className="h-5 w-5 shrink-0 accent-brand-600"
          />
          <AttributeIcon name={option.icon} size={16} className="shrink-0 text-slate-600" />
          <span>{option.name}</span>
        </label>
      ))}
    </fieldset>
  );
}
