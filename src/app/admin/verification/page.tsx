import type { Metadata } from 'next';
import { getLocale, getTranslations } from 'next-intl/server';
import { AdminPageHeader } from '@/components/admin/admin-page-header';
import { PlaceQueue } from '@/components/admin/verification/place-queue';
import { WalkQueue } from '@/components/admin/verification/walk-queue';
import { Pagination } from '@/components/list/pagination';
import type { Locale } from '@/lib/locale';
import { verificationQueueQuerySchema } from '@/lib/schemas/admin-verification';
import { listPendingPlaces, listPendingWalks } from '@/server/admin/verification';
import { requireAdminPage } from '@/web/admin-page';

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations('admin_verification'))('title') };
}

type Props = {
  searchParams: Promise<{ places_page?: string | string[]; walks_page?: string | string[] }>;
};

const pageOf = (value: string | string[] | undefined) => {
  const parsed = verificationQueueQuerySchema.safeParse({ page: value });
  return parsed.success ? (parsed.data.page ?? 1) : 1;
};

/** Issue 14 point 2: places and virtual walks waiting for verification, each queue paged on its own. */
export default async function AdminVerificationPage({ searchParams }: Props) {
  await requireAdminPage();
  const t = await getTranslations('admin_verification');
  const locale = (await getLocale()) as Locale;
  const query = await searchParams;
  const placesPage = pageOf(query.places_page);
  const walksPage = pageOf(query.walks_page);
  let [places, walks] = await Promise.all([
    listPendingPlaces({ page: placesPage, locale }),
    listPendingWalks({ page: walksPage }),
  ]);
  // A page emptied by the decisions on it shows the queue's last page instead.
  if (places.data.length === 0 && placesPage > 1 && places.total > 0)
    places = await listPendingPlaces({ page: places.last_page, locale });
  if (walks.data.length === 0 && walksPage > 1 && walks.total > 0)
    walks = await listPendingWalks({ page: walks.last_page });
  const href = (key: 'places_page' | 'walks_page', page: number) => {
    const params = new URLSearchParams({
      places_page: String(places.current_page),
      walks_page: String(walks.current_page),
    });
    params.set(key, String(page));
    return `/admin/verification?${params}`;
  };
  const empty = 'rounded-xl border border-dashed border-slate-300 bg-white p-8 text-center text-slate-700';
  return (
    <div className="mx-auto grid max-w-6xl gap-8 px-4 py-8">
      <AdminPageHeader title={t('title')} intro={t('intro')} />

      <section aria-labelledby="verification-places" className="grid gap-4">
        <div className="flex flex-wrap items-baseline justify-between gap-2">
          <h2 id="verification-places" className="text-xl font-bold">
            {t('places_heading')}
          </h2>
          {places.total > 0 && <p className="text-slate-700">{t('places_count', { count: places.total })}</p>}
        </div>
        {places.data.length === 0 ? (
          <p className={empty}>{t('places_empty')}</p>
        ) : (
          <PlaceQueue places={places.data} />
        )}
        {places.last_page > 1 && (
          <Pagination
            label={t('places_pages')}
            current={places.current_page}
            last={places.last_page}
            href={(p) => href('places_page', p)}
          />
        )}
      </section>

      <section aria-labelledby="verification-walks" className="grid gap-4">
        <div className="flex flex-wrap items-baseline justify-between gap-2">
          <h2 id="verification-walks" className="text-xl font-bold">
            {t('walks_heading')}
          </h2>
          {walks.total > 0 && <p className="text-slate-700">{t('walks_count', { count: walks.total })}</p>}
        </div>
        {walks.data.length === 0 ? (
          <p className={empty}>{t('walks_empty')}</p>
        ) : (
          <WalkQueue walks={walks.data} />
        )}
        {walks.last_page > 1 && (
          <Pagination
            label={t('walks_pages')}
            current={walks.current_page}
            last={walks.last_page}
            href={(p) => href('walks_page', p)}
          />
        )}
      </section>
    </div>
  );
}
