import { getTranslations } from 'next-intl/server';
import { catalogueMetadata } from '@/app/admin/catalogue/catalogue-metadata';
import type { FieldSpec } from '@/components/admin/catalogue/catalogue-form';
import { CatalogueKind, CataloguePage } from '@/components/admin/catalogue/catalogue-page';
import { apiUrl } from '@/lib/api-client';
import { listAdminCategories } from '@/server/admin/catalogue/categories';
import { requireAdminPage } from '@/web/admin-page';

export const generateMetadata = catalogueMetadata('categories');

/** Issue 14 point 4: categories with both names, slug, order and image; deleted only when no event uses one. */
export default async function AdminCategoriesPage() {
  await requireAdminPage();
  const t = await getTranslations('admin_catalogue');
  const list = await listAdminCategories();
  const fields = (edit: boolean): FieldSpec[] => [
    { name: 'name_pl', label: t('fields.name_pl'), kind: 'text', required: true },
    { name: 'name_en', label: t('fields.name_en'), kind: 'text', required: true },
    { name: 'slug', label: t('fields.slug'), kind: 'text', required: true, hint: t('fields.slug_hint') },
    { name: 'position', label: t('fields.position'), kind: 'number', required: true },
    { name: 'image', label: t('fields.image'), kind: 'file', hint: t('fields.image_hint'), wide: !edit },
    ...(edit
      ? [{ name: 'remove_image', label: t('fields.remove_image'), kind: 'checkbox' } as FieldSpec]
      : []),
  ];
  const next = list.reduce((max, c) => Math.max(max, c.position), -1) + 1;
  return (
    <CataloguePage section="categories">
      <CatalogueKind
        title={t('categories.list')}
        columns={[
          t('fields.position'),
          t('fields.name_pl'),
          t('fields.name_en'),
          t('fields.slug'),
          t('fields.image'),
          t('fields.events_count'),
        ]}
        rows={list.map((c) => ({
          url: apiUrl('/api/admin/catalogue/category/{id}', { params: { id: c.id } }),
          id: c.id,
          name: c.name_pl,
          cells: [
            String(c.position),
            c.name_pl,
            c.name_en,
            c.slug,
            c.image ? t('yes') : t('no'),
            String(c.events_count),
          ],
          values: { name_pl: c.name_pl, name_en: c.name_en, slug: c.slug, position: c.position },
        }))}
        editFields={fields(true)}
        fields={fields(false)}
        newTitle={t('categories.new')}
        createUrl={apiUrl('/api/admin/catalogue/category')}
        initial={{ position: next }}
      />
    </CataloguePage>
  );
}
