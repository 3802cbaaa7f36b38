import type { Metadata } from 'next';
import { getLocale, getTranslations } from 'next-intl/server';
import { AdminPageHeader } from '@/components/admin/admin-page-header';
import { RefundOrderList } from '@/components/admin/refunds/order-list';
import { Pagination } from '@/components/list/pagination';
import { adminOrderSearchMax } from '@/lib/form-limits';
import type { Locale } from '@/lib/locale';
import { localeHref } from '@/lib/locale-path';
import { adminOrdersQuerySchema } from '@/lib/schemas/admin-refunds';
import { listAdminOrders } from '@/server/payments/admin-orders';
import { requireAdminPage } from '@/web/admin-page';

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations('admin_refunds'))('title') };
}

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
      <form
        method="get"
        action={localeHref('/admin/orders', (await getLocale()) as Locale)}
        className="flex flex-wrap items-end gap-2"
      >
        <div className="min-w-0 flex-1 basis-64">
          <label htmlFor="admin-order-search" className="mb-1 block font-medium">
            {t('search_label')}
          </label>
          <input
            id="admin-order-search"
            name="q"
            type="search"
            defaultValue={query.q ?? ''}
            placeholder={t('search_placeholder')}
            maxLength={adminOrderSearchMax}
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
      {orders.data.length === 0 ? (
        <p className="rounded-xl border border-dashed border-slate-300 bg-white p-8 text-center text-slate-700">
          {t('empty')}
        </p>
      ) : (
        <RefundOrderList orders={orders.data} />
      )}
      {orders.last_page > 1 && (
        <Pagination label={t('pages')} current={orders.current_page} last={orders.last_page} href={href} />
      )}
    </div>
  );
}
