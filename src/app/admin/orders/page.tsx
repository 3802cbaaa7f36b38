import { getLocale, getTranslations } from 'next-intl/server';
import { AdminPageHeader } from '@/components/admin/admin-page-header';
import { AdminSearchForm } from '@/components/admin/admin-search-form';
import { RefundOrderList } from '@/components/admin/refunds/order-list';
import { Pagination } from '@/components/list/pagination';
import { EmptyNote } from '@/components/ui/empty-note';
import { titled } from '@/i18n/page-title';
import { adminOrderSearchMax } from '@/lib/form-limits';
import type { Locale } from '@/lib/locale';
import { localeHref } from '@/lib/locale-path';
import { adminOrdersQuerySchema } from '@/lib/schemas/admin-refunds';
import { listAdminOrders } from '@/server/payments/admin-orders';
import { requireAdminPage } from '@/web/admin-page';

export const generateMetadata = titled('admin_refunds.title');

// `q`, not `search`: the layout's site search bar would take `search` as its own.
type Props = { searchParams: Promise<{ q?: string | string[]; page?: string | string[] }> };

/** Issue 27 point 5: find an order and refund all or part of it (`?q=&page=`). */
export default async function AdminOrdersPage({ searchParams }: Props) {
  await requireAdminPage();
  const t = await getTranslations('admin_refunds');
  const params = await searchParams;
  const parsed = adminOrdersQuerySchema.safeParse({ q: params.q, page: params.page });
  const query = parsed.success ? parsed.data : {};
  const orders = await listAdminOrders(query);
  const href = (page: number) =>
    `/admin/orders?${new URLSearchParams({ ...(query.q ? { q: query.q } : {}), page: String(page) })}`;
  return (
    <div className="mx-auto grid max-w-6xl gap-6 px-4 py-8">
      <AdminPageHeader title={t('title')} intro={t('intro')} />
      <AdminSearchForm
        action={localeHref('/admin/orders', (await getLocale()) as Locale)}
        id="admin-order-search"
        defaultValue={query.q ?? ''}
        maxLength={adminOrderSearchMax}
        texts={{ label: t('search_label'), placeholder: t('search_placeholder'), button: t('search_button') }}
      />
      {orders.data.length === 0 ? (
        <EmptyNote>{t('empty')}</EmptyNote>
      ) : (
        <RefundOrderList orders={orders.data} />
      )}
      {orders.last_page > 1 && (
        <Pagination label={t('pages')} current={orders.current_page} last={orders.last_page} href={href} />
      )}
    </div>
  );
}
