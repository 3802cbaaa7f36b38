import { getTranslations } from 'next-intl/server';
import { catalogueMetadata } from '@/app/admin/catalogue/catalogue-metadata';
import type { FieldSpec } from '@/components/admin/catalogue/catalogue-form';
import { CatalogueKind, CataloguePage } from '@/components/admin/catalogue/catalogue-page';
import { apiUrl } from '@/lib/api-client';
import { attributeGroups, attributeIcons } from '@/lib/attribute-icons';
import { listAdminAttributes } from '@/server/admin/catalogue/attributes';
import { requireAdminPage } from '@/web/admin-page';

export const generateMetadata = catalogueMetadata('attributes');

/**
 * Issue 30: the attributes (accessibility, family, other) companies tick on places and events; a delete
 * takes the attribute off every place and event in the same transaction, and its dialog says how many
 * lose it (the counts the list already has).
 */
export default async function AdminAttributesPage() {
  await requireAdminPage();
  const t = await getTranslations('admin_catalogue');
  const ta = await getTranslations('attributes');
  const list = await listAdminAttributes();
  const groupName = (g: (typeof attributeGroups)[number]) => ta(`group_${g}`);
  const fields: FieldSpec[] = [
    { name: 'name_pl', label: t('attributes.name_pl'), kind: 'text', required: true },
    { name: 'name_en', label: t('attributes.name_en'), kind: 'text', required: true },
    { name: 'slug', label: t('attributes.slug'), kind: 'text', required: true },
    {
      name: 'group',
      label: t('attributes.group'),
      kind: 'select',
      required: true,
      options: attributeGroups.map((g) => ({ value: g, label: groupName(g) })),
    },
    {
      name: 'icon',
      label: t('attributes.icon'),
      kind: 'select',
      required: true,
      options: attributeIcons.map((i) => ({ value: i, label: i })),
    },
    { name: 'position', label: t('attributes.position'), kind: 'number', required: true },
    { name: 'for_places', label: t('attributes.for_places'), kind: 'checkbox' },
    { name: 'for_events', label: t('attributes.for_events'), kind: 'checkbox' },
  ];
  return (
    <CataloguePage section="attributes">
      <CatalogueKind
        title={t('attributes.title')}
        columns={[
          t('attributes.name_pl'),
          t('attributes.name_en'),
          t('attributes.group'),
          t('attributes.icon'),
          t('fields.places_count'),
          t('fields.events_count'),
        ]}
        rows={list.map((a) => ({
          url: apiUrl('/api/admin/catalogue/attribute/{id}', { params: { id: a.id } }),
          id: a.id,
          name: a.name_pl,
          cells: [
            a.name_pl,
            a.name_en,
            groupName(a.group),
            a.icon,
            String(a.places_count),
            String(a.events_count),
          ],
          values: {
            name_pl: a.name_pl,
            name_en: a.name_en,
            slug: a.slug,
            group: a.group,
            icon: a.icon,
            position: a.position,
            for_places: a.for_places,
            for_events: a.for_events,
          },
          deleteNote: t('attributes.delete_note', { places: a.places_count, events: a.events_count }),
        }))}
        fields={fields}
        newTitle={t('attributes.new')}
        createUrl={apiUrl('/api/admin/catalogue/attribute')}
      />
    </CataloguePage>
  );
}
