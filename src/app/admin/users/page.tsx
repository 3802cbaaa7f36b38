import type { Metadata } from 'next';
import { getLocale, getTranslations } from 'next-intl/server';
import { AdminPageHeader } from '@/components/admin/admin-page-header';
import { UserList } from '@/components/admin/moderation/user-list';
import type { Locale } from '@/lib/locale';
import { localeHref } from '@/lib/locale-path';
import { adminUsersQuerySchema } from '@/lib/schemas/admin-moderation';
import { searchUsers } from '@/server/admin/moderation';
import { requireAdminPage } from '@/web/admin-page';

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations('admin_moderation'))('meta_users') };
}

// `q`, not `search`: the layout's site search bar would take `search` as its own.
type Props = { searchParams: Promise<{ q?: string | string[] }> };

/** Issue 14 point 3: find accounts by e-mail or name; block (with a reason) or unblock them. */
export default async function AdminUsersPage({ searchParams }: Props) {
  await requireAdminPage();
  const t = await getTranslations('admin_moderation');
  const parsed = adminUsersQuerySchema.safeParse({ search: (await searchParams).q });
  const search = parsed.success ? parsed.data.search : undefined;
  const users = await searchUsers({ search });
  return (
    <div className="mx-auto grid max-w-6xl gap-6 px-4 py-8">
      <AdminPageHeader title={t('users_title')} intro={t('users_intro')} />
      <form
        method="get"
        action={localeHref('/admin/users', (await getLocale()) as Locale)}
        className="flex flex-wrap items-end gap-2"
      >
        <div className="min-w-0 flex-1 basis-64">
          <label htmlFor="admin-user-search" className="mb-1 block font-medium">
            {t('search_label')}
          </label>
          <input
            id="admin-user-search"
            name="q"
            type="search"
            defaultValue={search ?? ''}
            placeholder={t('search_placeholder')}
            maxLength={200}
            className="h-11 w-full rounded-lg border border-slate-300 bg-white px-3 text-base"
          />
        </div>
        <button
          type="submit"
          className="h-11 rounded-lg bg-brand-600 px-6 font-semibold text-white hover:bg-brand-700"
        >
          {t('search_button')}
        </button>
      </form>
      {users.length === 0 ? (
        <p className="rounded-xl border border-dashed border-slate-300 bg-white p-8 text-center text-slate-700">
          {t('users_empty')}
        </p>
      ) : (
        <UserList users={users} />
      )}
    </div>
  );
}
