import { getTranslations } from 'next-intl/server';
import { catalogueMetadata } from '@/app/admin/catalogue/catalogue-metadata';
import type { FieldSpec, FormValues } from '@/components/admin/catalogue/catalogue-form';
import { CatalogueKind, CataloguePage } from '@/components/admin/catalogue/catalogue-page';
import { apiUrl } from '@/lib/api-client';
import { formatPrice } from '@/lib/format';
import { type AdminPlan, planFlagNames } from '@/lib/schemas/admin-catalogue';
import { listAdminPlans } from '@/server/admin/catalogue/plans';
import { requireAdminPage } from '@/web/admin-page';

export const generateMetadata = catalogueMetadata('plans');

const numbers = [
  'level',
  'promo',
  'promo_months',
  'available_events',
  'images_count',
  'movies_count',
  'bonus_distance',
] as const;

/** Issue 14 point 4: the premium plans with every field and flag of spec §3; exactly one is the default. */
export default async function AdminPlansPage() {
  await requireAdminPage();
  const t = await getTranslations('admin_catalogue');
  const list = await listAdminPlans();
  const fields: FieldSpec[] = [
    { name: 'name_pl', label: t('fields.name_pl'), kind: 'text', required: true },
    { name: 'name_en', label: t('fields.name_en'), kind: 'text', required: true },
    {
      name: 'price',
      label: t('fields.price_month'),
      kind: 'pln',
      required: true,
      hint: t('fields.price_hint'),
    },
    ...numbers.map(
      (name): FieldSpec => ({
        name,
        label: t(`plans.fields.${name}`),
        kind: 'number',
        required: true,
        hint: name === 'level' || name === 'promo' ? t(`plans.fields.${name}_hint`) : undefined,
      }),
    ),
    { name: 'is_promo_active', label: t('plans.fields.is_promo_active'), kind: 'checkbox' },
    { name: 'default', label: t('plans.fields.default'), kind: 'checkbox' },
    ...planFlagNames.map((name): FieldSpec => ({ name, label: t(`plans.fields.${name}`), kind: 'checkbox' })),
  ];
  const valuesOf = (p: AdminPlan): FormValues => ({ ...p });
  const nextLevel = list.reduce((max, p) => Math.max(max, p.level), 0) + 1;
  return (
    <CataloguePage section="plans">
      <CatalogueKind
        title={t('plans.list')}
        canDelete={false}
        columns={[
          t('plans.fields.level'),
          t('fields.name_pl'),
          t('fields.name_en'),
          t('fields.price_month'),
          t('plans.fields.promo'),
          t('plans.fields.available_events'),
          t('plans.fields.default'),
        ]}
        rows={list.map((p) => ({
          url: apiUrl('/api/admin/catalogue/plan/{id}', { params: { id: p.id } }),
          id: p.id,
          name: p.name_pl,
          cells: [
            String(p.level),
            p.name_pl,
            p.name_en,
            formatPrice(p.price),
            p.is_promo_active ? t('plans.promo_on', { promo: p.promo, months: p.promo_months }) : t('no'),
            String(p.available_events),
            p.default ? t('yes') : t('no'),
          ],
          values: valuesOf(p),
        }))}
        fields={fields}
        newTitle={t('plans.new')}
        createUrl={apiUrl('/api/admin/catalogue/plan')}
        initial={{
          level: nextLevel,
          price: 0,
          promo: 0,
          promo_months: 6,
          available_events: 0,
          images_count: 0,
          movies_count: 0,
          bonus_distance: 0,
        }}
      />
    </CataloguePage>
  );
}
