import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { CataloguePageHeader } from '@/components/admin/catalogue/page-header';
import { TextEditor } from '@/components/admin/catalogue/text-editor';
import { getAdminText } from '@/server/admin/catalogue/texts';
import { requireAdminPage } from '@/web/admin-page';
import { orNotFound } from '@/web/not-found';

type Props = { params: Promise<{ slug: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const t = await getTranslations('admin_catalogue.texts');
  return { title: t('edit_title', { slug: (await params).slug }) };
}

/** Issue 14 point 4: one text page's Polish and English title and HTML, with a preview. */
export default async function AdminTextPage({ params }: Props) {
  await requireAdminPage();
  const t = await getTranslations('admin_catalogue');
  const { slug } = await params;
  const text = await orNotFound(getAdminText(slug));
  return (
    <div className="mx-auto grid max-w-6xl gap-6 px-4 py-8">
      <CataloguePageHeader
        title={t('texts.edit_heading', { title: text.title_pl })}
        intro={t('texts.edit_intro', { slug: text.slug })}
        back="/admin/catalogue/texts"
      />
      <TextEditor
        initial={{
          slug: text.slug,
          title_pl: text.title_pl,
          title_en: text.title_en,
          body_pl: text.body_pl,
          body_en: text.body_en,
        }}
      />
    </div>
  );
}
