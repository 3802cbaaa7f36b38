import { getTranslations } from 'next-intl/server';
import { Link } from '@/components/ui/link';
import { formatDate, formatDateTime } from '@/lib/format';
import type { AdminUser } from '@/lib/schemas/admin-moderation';
import { UserActions } from './user-actions';

const columns = ['col_email', 'col_name', 'col_role', 'col_created', 'col_status', 'col_actions'] as const;

/** Accounts as a table on wide screens and as cards on a phone (one list, laid out by CSS). */
export async function UserList({ users }: { users: AdminUser[] }) {
  const t = await getTranslations('admin_moderation');
  const tStats = await getTranslations('stats');
  const cell = 'md:table-cell md:border-t md:border-slate-200 md:px-3 md:py-2 md:align-middle';
  const label = 'font-semibold text-slate-600 md:sr-only';
  return (
    <table className="block w-full md:table md:rounded-xl md:bg-white md:shadow-sm">
      <thead className="sr-only md:not-sr-only md:table-header-group">
        <tr className="text-left text-sm text-slate-700">
          {columns.map((column) => (
            <th key={column} scope="col" className="md:px-3 md:py-2">
              {t(column)}
            </th>
          ))}
        </tr>
      </thead>
      <tbody className="grid gap-3 md:table-row-group">
        {users.map((u) => (
          <tr
            key={u.id}
            className="grid gap-1 rounded-xl border border-slate-200 bg-white p-4 md:table-row md:border-0 md:p-0"
          >
            <td className={`${cell} break-all font-medium`}>{u.email}</td>
            <td className={cell}>
              <span className={label}>{t('col_name')}: </span>
              {u.name || '–'}
            </td>
            <td className={cell}>
              <span className={label}>{t('col_role')}: </span>
              {t(`roles.${u.role}`)}
            </td>
            <td className={cell}>
              <span className={label}>{t('col_created')}: </span>
              <time dateTime={u.created_at}>{formatDate(u.created_at)}</time>
            </td>
            <td className={cell}>
              <span className={label}>{t('col_status')}: </span>
              {u.blocked_at ? (
                <span className="font-semibold text-red-800">
                  {t('blocked', { date: formatDateTime(u.blocked_at) })}
                </span>
              ) : (
                t('active')
              )}
            </td>
            <td className={`${cell} pt-2 md:pt-2`}>
              {u.role !== 'admin' && (
                <UserActions id={u.id} email={u.email} blocked={u.blocked_at !== null} />
              )}
              {u.role === 'company' && (
                <Link
                  href={`/account/stats?company=${u.id}`}
                  className="mt-2 inline-flex min-h-11 items-center font-semibold text-brand-700 underline-offset-2 hover:underline"
                >
                  {tStats('admin_link')}
                </Link>
              )}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
