import { getTranslations } from 'next-intl/server';
import { ExternalLink } from '@/components/ui/icons';
import { Link } from '@/components/ui/link';
import { formatDateTime } from '@/lib/format';
import type { ReportedItem } from '@/lib/schemas/admin-moderation';
import { ItemActions } from './item-actions';

/** Reported (or hidden) items as cards: what it is, an excerpt, the reasons and notes, the actions. */
export async function ReportList({ items }: { items: ReportedItem[] }) {
  const t = await getTranslations('admin_moderation');
  const tr = await getTranslations('reports');
  return (
    <ul className="grid gap-4">
      {items.map((item) => {
        const kind = t(`targets.${item.target}`);
        const label = `${kind} #${item.target_id}`;
        return (
          <li
            key={`${item.target}:${item.target_id}`}
            className="grid gap-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm md:grid-cols-[1fr_auto] md:items-start"
          >
            <div className="grid min-w-0 gap-2">
              <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
                <span className="rounded-full bg-slate-100 px-2.5 py-0.5 text-sm font-semibold">{label}</span>
                {item.count > 0 && (
                  <span className="rounded-full bg-red-50 px-2.5 py-0.5 text-sm font-semibold text-red-800">
                    {t('count', { count: item.count })}
                  </span>
                )}
                {item.hidden_at && (
                  <span className="text-sm text-slate-700">
                    {t('hidden_since', { date: formatDateTime(item.hidden_at) })}
                  </span>
                )}
              </div>
              <p className="break-words text-slate-900">{item.excerpt || t('no_content')}</p>
              <p className="flex flex-wrap gap-x-4 gap-y-1 text-sm text-slate-700">
                {item.author && <span>{t('author', { name: item.author.name })}</span>}
                {item.last_reported_at && (
                  <span>{t('last_reported', { date: formatDateTime(item.last_reported_at) })}</span>
                )}
              </p>
              {item.reasons.length > 0 && (
                <div className="text-sm">
                  <span className="font-semibold">{t('reasons_heading')}: </span>
                  {item.reasons.map((r) => tr(`reasons.${r}`)).join(', ')}
                </div>
              )}
              {item.texts.length > 0 && (
                <details className="text-sm">
                  <summary className="min-h-11 cursor-pointer py-2 font-semibold text-brand-700">
                    {t('texts_heading')} ({item.texts.length})
                  </summary>
                  <ul className="grid gap-1 border-l-4 border-slate-200 pl-3">
                    {item.texts.map((text, i) => (
                      // biome-ignore lint/suspicious/noArrayIndexKey: notes may repeat; their order is fixed
                      <li key={i} className="break-words whitespace-pre-line text-slate-800">
                        {text}
                      </li>
                    ))}
                  </ul>
                </details>
              )}
              {item.link && !item.hidden_at && (
                <Link
                  href={item.link}
                  target="_blank"
                  rel="noopener"
                  className="inline-flex min-h-11 w-fit items-center gap-1 font-medium text-brand-700 underline"
                >
                  {t('open_item')}
                  <ExternalLink aria-hidden size={16} />
                </Link>
              )}
            </div>
            <ItemActions
              target={item.target}
              targetId={item.target_id}
              reportId={item.report_id}
              hidden={item.hidden_at !== null}
              label={label}
            />
          </li>
        );
      })}
    </ul>
  );
}
