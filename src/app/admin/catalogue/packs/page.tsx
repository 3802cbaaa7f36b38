import { getTranslations } from 'next-intl/server';
import { catalogueMetadata } from '@/app/admin/catalogue/catalogue-metadata';
import { CatalogueForm, type FieldSpec } from '@/components/admin/catalogue/catalogue-form';
import { CatalogueKind, CataloguePage } from '@/components/admin/catalogue/catalogue-page';
import { Panel } from '@/components/ui/panel';
import { apiUrl } from '@/lib/api-client';
import { formatPrice } from '@/lib/format';
import { listAdminPacks } from '@/server/admin/catalogue/packs';
import { requireAdminPage } from '@/web/admin-page';

export const generateMetadata = catalogueMetadata('packs');

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
    <CataloguePage section="packs">
      <CatalogueKind
        title={t('packs.event_packs')}
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
        newTitle={t('packs.new_event_pack')}
        createUrl={apiUrl('/api/admin/catalogue/event-pack')}
      />
      <CatalogueKind
        title={t('packs.price_packs')}
        columns={[t('fields.name_pl'), t('fields.name_en'), t('packs.days'), t('fields.price')]}
        rows={price_packs.map((p) => ({
          url: apiUrl('/api/admin/catalogue/price-pack/{id}', { params: { id: p.id } }),
          id: p.id,
          name: p.name_pl,
          cells: [p.name_pl, p.name_en, String(p.days), formatPrice(p.price)],
          values: { ...p },
        }))}
        fields={pricePackFields}
        newTitle={t('packs.new_price_pack')}
        createUrl={apiUrl('/api/admin/catalogue/price-pack')}
      />
      <Panel id="home-ad-heading" title={t('packs.home_ad')}>
        <p className="text-sm text-slate-700">
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
      </Panel>
    </CataloguePage>
  );
}
