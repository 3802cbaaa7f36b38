import { getLocale, getTranslations } from 'next-intl/server';
import { PageCard } from '@/components/layout/page-card';
import { OrganisersOnly } from '@/components/places/organisers-only';
import { PlaceForm } from '@/components/places/place-form';
import { getConfig } from '@/config';
import { titled } from '@/i18n/page-title';
import { apiUrl } from '@/lib/api-client';
import type { Locale } from '@/lib/locale';
import { listAttributes } from '@/server/attributes/catalogue';
import { listCategories, listLanguages } from '@/server/categories/list-categories';
import { companyMediaLimits } from '@/server/plans/limits';
import { getPageCompany } from '@/web/page-user';

export const generateMetadata = titled('account_places.create_title');

/** Spec §2 /account/create-place: a new place of the signed-in company; login required. */
export default async function CreatePlacePage() {
  const user = await getPageCompany('/account/create-place');
  const t = await getTranslations('account_places');
  if (!user) return <OrganisersOnly title={t('create_title')} />;
  const locale = (await getLocale()) as Locale;
  const [categories, languages, attributes, limits] = await Promise.all([
    listCategories({ locale }),
    listLanguages({ locale }),
    listAttributes({ locale, kind: 'place' }),
    companyMediaLimits(user.id, 'place'),
  ]);
  return (
    <PageCard title={t('create_title')} wide>
      <PlaceForm
        endpoint={{ url: apiUrl('/api/place'), method: 'create' }}
        categories={categories.map((c) => ({ id: c.id, name: c.name }))}
        languages={languages}
        attributes={attributes}
        limits={limits}
        map={getConfig().map}
      />
    </PageCard>
  );
}
