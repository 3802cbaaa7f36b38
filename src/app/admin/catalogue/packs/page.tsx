import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { CatalogueForm, type FieldSpec } from '@/components/admin/catalogue/catalogue-form';
import { CatalogueCreate, CatalogueTable } from '@/components/admin/catalogue/catalogue-table';
import { CataloguePageHeader } from '@/components/admin/catalogue/page-header';
import { apiUrl } from '@/lib/api-client';
import { formatPrice } from '@/lib/format';
import { listAdminPacks } from '@/server/admin/catalogue/packs';
import { requireAdminPage } from '@/web/admin-page';

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations('admin_catalogue.packs'))('title') };
}

/** Issue 14 point 4: event packs, event-promotion packs and the home-page ad price. */
export default async function AdminPacksPage() {
  await requireAdminPage();
  const t = await getTranslations('admin_catalogue');
  const { event_packs, price_packs, home_ad } = await listAdminPacks();
  const price: FieldSpec = {
    name: 'price',
    label: t('fields.price'),
    kind: 'pln',
    required: true,
    hint: t('fields.price_hint'),
  };
  const eventPackFields: FieldSpec[] = [
    { name: 'description_pl', label: t('fields.description_pl'), kind: 'text', required: true },
    { name: 'description_en', label: t('fields.description_en'), kind: 'text', required: true },
    { name: 'count', label: t('packs.count'), kind: 'number', required: true },
    price,
  ];
  const pricePackFields: FieldSpec[] = [
    { name: 'name_pl', label: t('fields.name_pl'), kind: 'text', required: true },
    { name: 'name_en', label: t('fields.name_en'), kind: 'text', required: true },
    { name: 'days', label: t('packs.days'), kind: 'number', required: true },
    price,
  ];
  return (
    <div className="mx-auto grid max-w-6xl gap-8 px-4 py-8">
      <CataloguePageHeader title={t('packs.title')} intro={t('packs.intro')} />
      <CatalogueTable
        title={t('packs.event_packs')}
        empty={t('empty')}
        columns={[
          t('fields.description_pl'),
          t('fields.description_en'),
          t('packs.count'),
          t('fields.price'),
        ]}
        rows={event_packs.map((p) => ({
          url: apiUrl('/api/admin/catalogue/event-pack/{id}', { params: { id: p.id } }),
          id: p.id,
          name: p.description_pl,
          cells: [p.description_pl, p.description_en, String(p.count), formatPrice(p.price)],
          values: { ...p },
        }))}
        fields={eventPackFields}
      />
      <CatalogueCreate
        title={t('packs.new_event_pack')}
        url={apiUrl('/api/admin/catalogue/event-pack')}
        fields={eventPackFields}
      />
      <CatalogueTable
        title={t('packs.price_packs')}
        empty={t('empty')}
        columns={[t('fields.name_pl'), t('fields.name_en'), t('packs.days'), t('fields.price')]}
        rows={price_packs.map((p) => ({
          url: apiUrl('/api/admin/catalogue/price-pack/{id}', { params: { id: p.id } }),
          id: p.id,
          name: p.name_pl,
          cells: [p.name_pl, p.name_en, String(p.days), formatPrice(p.price)],
          values: { ...p },
        }))}
        fields={pricePackFields}
      />
      <CatalogueCreate
        title={t('packs.new_price_pack')}
        url={apiUrl('/api/admin/catalogue/price-pack')}
        fields={pricePackFields}
      />
      <section
        aria-labelledby="home-ad-heading"
        className="rounded-xl border border-slate-200 bg-white p-4 sm:p-6"
      >
        <h2 id="home-ad-heading" className="text-xl font-semibold">
          {t('packs.home_ad')}
        </h2>
        <p className="mt-1 mb-4 text-sm text-slate-700">
          {home_ad
            ? t('packs.home_ad_now', { price: formatPrice(home_ad.price), days: home_ad.days })
            : t('packs.home_ad_none')}
        </p>
        <CatalogueForm
          url={apiUrl('/api/admin/catalogue/home-ad')}
          method="PUT"
          submitLabel={t('save')}
          fields={[{ name: 'days', label: t('packs.days'), kind: 'number', required: true }, price]}
          initial={home_ad ? { days: home_ad.days, price: home_ad.price } : { days: 7 }}
        />
      </section>
    </div>
  );
}
