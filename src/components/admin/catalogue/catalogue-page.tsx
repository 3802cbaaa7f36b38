import { getTranslations } from 'next-intl/server';
import type { FieldSpec, FormValues } from '@/components/admin/catalogue/catalogue-form';
import {
  CatalogueCreate,
  type CatalogueRow,
  CatalogueTable,
} from '@/components/admin/catalogue/catalogue-table';
import { CataloguePageHeader, type CatalogueSection } from '@/components/admin/catalogue/page-header';
import type { ApiUrl } from '@/lib/api-client';

// What the catalogue's table pages (categories, languages, attributes, plans, packs) share: the title
// and heading named by their section of `admin_catalogue`, and a kind's list followed by its create form.

/** A catalogue page: its section's heading with the way back to the catalogue, then its kinds. */
export async function CataloguePage({
  section,
  children,
}: {
  section: CatalogueSection;
  children: React.ReactNode;
}) {
  const t = await getTranslations('admin_catalogue');
  return (
    <div className="mx-auto grid max-w-6xl gap-8 px-4 py-8">
      <CataloguePageHeader title={t(`${section}.title`)} intro={t(`${section}.intro`)} />
      {children}
    </div>
  );
}

/**
 * One kind of the catalogue: its list, each row edited with `editFields` (`fields` unless an edit asks
 * more), and the form that adds one at `createUrl`.
 */
export async function CatalogueKind({
  title,
  columns,
  rows,
  fields,
  editFields = fields,
  canDelete,
  newTitle,
  createUrl,
  initial,
}: {
  title: string;
  columns: string[];
  rows: CatalogueRow[];
  fields: FieldSpec[];
  editFields?: FieldSpec[];
  canDelete?: boolean;
  newTitle: string;
  createUrl: ApiUrl;
  initial?: FormValues;
}) {
  const t = await getTranslations('admin_catalogue');
  return (
    <>
      <CatalogueTable
        title={title}
        empty={t('empty')}
        canDelete={canDelete}
        columns={columns}
        rows={rows}
        fields={editFields}
      />
      <CatalogueCreate title={newTitle} url={createUrl} fields={fields} initial={initial} />
    </>
  );
}
