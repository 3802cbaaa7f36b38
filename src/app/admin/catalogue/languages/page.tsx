import { getTranslations } from 'next-intl/server';
import { catalogueMetadata } from '@/app/admin/catalogue/catalogue-metadata';
import type { FieldSpec } from '@/components/admin/catalogue/catalogue-form';
import { CatalogueKind, CataloguePage } from '@/components/admin/catalogue/catalogue-page';
import { apiUrl } from '@/lib/api-client';
import { listAdminLanguages } from '@/server/admin/catalogue/languages';
import { requireAdminPage } from '@/web/admin-page';

export const generateMetadata = catalogueMetadata('languages');

/** Issue 14 point 4: the languages a place's staff can speak; deleted only when no place lists one. */
export default async function AdminLanguagesPage() {
  await requireAdminPage();
  const t = await getTranslations('admin_catalogue');
  const list = await listAdminLanguages();
  const fields: FieldSpec[] = [
    { name: 'name_pl', label: t('fields.name_pl'), kind: 'text', required: true },
    { name: 'name_en', label: t('fields.name_en'), kind: 'text', required: true },
    { name: 'code', label: t('fields.code'), kind: 'text', required: true, hint: t('fields.code_hint') },
  ];
  return (
    <CataloguePage section="languages">
      <CatalogueKind
        title={t('languages.list')}
        columns={[t('fields.name_pl'), t('fields.name_en'), t('fields.code'), t('fields.places_count')]}
        rows={list.map((l) => ({
          url: apiUrl('/api/admin/catalogue/language/{id}', { params: { id: l.id } }),
          id: l.id,
          name: l.name_pl,
          cells: [l.name_pl, l.name_en, l.code, String(l.places_count)],
          values: { name_pl: l.name_pl, name_en: l.name_en, code: l.code },
        }))}
        fields={fields}
        newTitle={t('languages.new')}
        createUrl={apiUrl('/api/admin/catalogue/language')}
      />
    </CataloguePage>
  );
}
