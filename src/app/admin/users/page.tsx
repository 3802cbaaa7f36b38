import { getLocale, getTranslations } from 'next-intl/server';
import { AdminPageHeader } from '@/components/admin/admin-page-header';
import { AdminSearchForm } from '@/components/admin/admin-search-form';
import { UserList } from '@/components/admin/moderation/user-list';
import { EmptyNote } from '@/components/ui/empty-note';
import { titled } from '@/i18n/page-title';
import { textMax } from '@/lib/form-limits';
import type { Locale } from '@/lib/locale';
import { localeHref } from '@/lib/locale-path';
import { adminUsersQuerySchema } from '@/lib/schemas/admin-moderation';
import { searchUsers } from '@/server/admin/moderation';
import { requireAdminPage } from '@/web/admin-page';

export const generateMetadata = titled('admin_moderation.meta_users');

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
      <AdminSearchForm
        action={localeHref('/admin/users', (await getLocale()) as Locale)}
        id="admin-user-search"
        defaultValue={search ?? ''}
        maxLength={textMax.search}
        texts={{ label: t('search_label'), placeholder: t('search_placeholder'), button: t('search_button') }}
      />
      {users.length === 0 ? <EmptyNote>{t('users_empty')}</EmptyNote> : <UserList users={users} />}
    </div>
  );
}
