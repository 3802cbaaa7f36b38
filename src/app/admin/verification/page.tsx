import { getLocale, getTranslations } from 'next-intl/server';
import type { ReactNode } from 'react';
import { AdminPageHeader } from '@/components/admin/admin-page-header';
import { PlaceQueue } from '@/components/admin/verification/place-queue';
import { WalkQueue } from '@/components/admin/verification/walk-queue';
import { Pagination } from '@/components/list/pagination';
import { EmptyNote } from '@/components/ui/empty-note';
import { titled } from '@/i18n/page-title';
import type { Locale } from '@/lib/locale';
import { verificationQueueQuerySchema } from '@/lib/schemas/admin-verification';
import { listPendingPlaces, listPendingWalks } from '@/server/admin/verification';
import { requireAdminPage } from '@/web/admin-page';

export const generateMetadata = titled('admin_verification.title');

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
  return (
    <div className="mx-auto grid max-w-6xl gap-8 px-4 py-8">
      <AdminPageHeader title={t('title')} intro={t('intro')} />
      <QueueSection
        id="verification-places"
        queue={places}
        texts={{
          heading: t('places_heading'),
          count: t('places_count', { count: places.total }),
          empty: t('places_empty'),
          pages: t('places_pages'),
        }}
        href={(p) => href('places_page', p)}
      >
        <PlaceQueue places={places.data} />
      </QueueSection>
      <QueueSection
        id="verification-walks"
        queue={walks}
        texts={{
          heading: t('walks_heading'),
          count: t('walks_count', { count: walks.total }),
          empty: t('walks_empty'),
          pages: t('walks_pages'),
        }}
        href={(p) => href('walks_page', p)}
      >
        <WalkQueue walks={walks.data} />
      </QueueSection>
    </div>
  );
}

/** One queue: its heading and size, its list (or a note that it is empty) and its own pages. */
function QueueSection({
  id,
  queue,
  texts,
  href,
  children,
}: {
  id: string;
  queue: { data: unknown[]; total: number; current_page: number; last_page: number };
  texts: { heading: string; count: string; empty: string; pages: string };
  href: (page: number) => string;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={id} className="grid gap-4">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id={id} className="text-xl font-bold">
          {texts.heading}
        </h2>
        {queue.total > 0 && <p className="text-slate-700">{texts.count}</p>}
      </div>
      {queue.data.length === 0 ? <EmptyNote>{texts.empty}</EmptyNote> : children}
      {queue.last_page > 1 && (
        <Pagination label={texts.pages} current={queue.current_page} last={queue.last_page} href={href} />
      )}
    </section>
  );
}
