import { getTranslations } from 'next-intl/server';
import { Link } from '@/components/ui/link';
import type { AuditChange, AuditEntryView } from '@/lib/schemas/admin-overview';

const publicPage: Record<string, (id: number) => string> = {
  place: (id) => `/places/${id}`,
  event: (id) => `/event/${id}`,
};

/** A stored value, short: texts as they are, anything else as compact JSON, cut at 160 characters. */
function shown(value: unknown, empty: string): string {
  if (value === null || value === undefined || value === '') return empty;
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  return text.length > 160 ? `${text.slice(0, 159)}…` : text;
}

async function Changes({ changes }: { changes: AuditChange[] }) {
  const t = await getTranslations('admin.audit');
  if (changes.length === 0) return <span className="text-slate-600">{t('no_changes')}</span>;
  return (
    <dl className="grid gap-1 text-sm wrap-anywhere">
      {changes.map((c) => (
        <div key={c.key} className="min-w-0">
          <dt className="inline font-mono text-xs font-semibold text-slate-800">
            {c.key || t('whole_value')}:{' '}
          </dt>
          <dd className="inline">
            <del className="bg-red-50 text-red-800">
              <span className="sr-only">{t('before')}: </span>
              {shown(c.before, t('empty_value'))}
            </del>
            <span aria-hidden className="px-1 text-slate-500">
              →
            </span>
            <ins className="bg-green-50 text-green-800 no-underline">
              <span className="sr-only">{t('after')}: </span>
              {shown(c.after, t('empty_value'))}
            </ins>
          </dd>
        </div>
      ))}
    </dl>
  );
}

/** The audit log as a table from 1024 px up, and as a list of cards on a phone (one markup). */
/** The message key of an audit action (`place.verify` -> `actions.place.verify`); actions are free text. */
const actionKey = (action: string) => `actions.${action}` as 'actions.place.verify';

export async function AuditTable({ entries }: { entries: AuditEntryView[] }) {
  const t = await getTranslations('admin.audit');
  const cell = 'block lg:table-cell lg:border-t lg:border-slate-200 lg:px-3 lg:py-3 lg:align-top';
  const head = 'lg:px-3 lg:py-2';
  const label = 'font-semibold text-slate-600 lg:hidden';
  return (
    <table className="block w-full lg:table lg:table-fixed lg:rounded-xl lg:border lg:border-slate-200 lg:bg-white">
      <thead className="sr-only lg:not-sr-only lg:table-header-group">
        <tr className="text-left text-sm text-slate-600">
          <th scope="col" className={`${head} lg:w-40`}>
            {t('when')}
          </th>
          <th scope="col" className={`${head} lg:w-52`}>
            {t('who')}
          </th>
          <th scope="col" className={`${head} lg:w-40`}>
            {t('action')}
          </th>
          <th scope="col" className={`${head} lg:w-32`}>
            {t('target')}
          </th>
          <th scope="col" className={head}>
            {t('changes')}
          </th>
        </tr>
      </thead>
      <tbody className="grid gap-3 lg:table-row-group">
        {entries.map((e) => {
          const page = e.target_id !== null ? publicPage[e.target]?.(e.target_id) : undefined;
          const target = `${e.target}${e.target_id !== null ? ` #${e.target_id}` : ''}`;
          return (
            <tr
              key={e.id}
              className="grid gap-1 rounded-xl border border-slate-200 bg-white p-4 text-sm lg:table-row lg:rounded-none lg:border-0 lg:p-0"
            >
              <td className={`${cell} whitespace-nowrap`}>
                <span className={label}>{t('when')}: </span>
                <time dateTime={e.created_at}>{e.date}</time>
              </td>
              <td className={`${cell} break-all`}>
                <span className={label}>{t('who')}: </span>
                {e.admin ? e.admin.email : <em>{t('command_line')}</em>}
              </td>
              <td className={cell}>
                <span className={label}>{t('action')}: </span>
                {/* Actions are worded where the message files know them; a new one shows its code. */}
                {t.has(actionKey(e.action)) ? (
                  t(actionKey(e.action))
                ) : (
                  <code className="font-mono text-xs break-all">{e.action}</code>
                )}
              </td>
              <td className={`${cell} break-words`}>
                <span className={label}>{t('target')}: </span>
                {page ? (
                  <Link href={page} className="font-semibold text-brand-700 underline">
                    {target}
                  </Link>
                ) : (
                  target
                )}
              </td>
              <td className={`${cell} min-w-0`}>
                <span className={label}>{t('changes')}: </span>
                <Changes changes={e.changes} />
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
