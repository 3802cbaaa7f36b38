import { notFound } from 'next/navigation';
import { getLocale, getTranslations } from 'next-intl/server';
import { PageCard } from '@/components/layout/page-card';
import { OrganisersOnly } from '@/components/places/organisers-only';
import { PlaceForm } from '@/components/places/place-form';
import { getConfig } from '@/config';
import { titled } from '@/i18n/page-title';
import { apiUrl } from '@/lib/api-client';
import type { Locale } from '@/lib/locale';
import { listAttributes } from '@/server/attributes/catalogue';
import type { AuthUser } from '@/server/auth/access-tokens';
import { listCategories, listLanguages } from '@/server/categories/list-categories';
import { getPlaceFormData } from '@/server/places/place-form-data';
import { orNotFound } from '@/web/not-found';
import { getPageCompany } from '@/web/page-user';

type Props = { params: Promise<{ id: string }> };

export const generateMetadata = titled('account_places.edit_title');

// Another company's place answers like a missing one: its owner's pages do not confirm it exists.
async function loadForm(actor: AuthUser, rawId: string) {
  const placeId = Number(rawId);
  if (!Number.isSafeInteger(placeId) || placeId <= 0) notFound();
  return orNotFound(getPlaceFormData({ actor, placeId }), ['not_found', 'forbidden']);
}

/** Spec §2 /account/edit-place/{id}: the place form filled with one of the company's places. */
export default async function EditPlacePage({ params }: Props) {
  const { id } = await params;
  const user = await getPageCompany(`/account/edit-place/${id}`);
  const t = await getTranslations('account_places');
  if (!user) return <OrganisersOnly title={t('edit_title')} />;
  const locale = (await getLocale()) as Locale;
  const [form, categories, languages, attributes] = await Promise.all([
    loadForm(user, id),
    listCategories({ locale }),
    listLanguages({ locale }),
    listAttributes({ locale, kind: 'place' }),
  ]);
  return (
    <PageCard title={t('edit_title')} wide>
      <PlaceForm
        endpoint={{ url: apiUrl('/api/place/{id}', { params: { id: form.placeId } }), method: 'update' }}
        initial={form.initial}
        categories={categories.map((c) => ({ id: c.id, name: c.name }))}
        languages={languages}
        attributes={attributes}
        limits={form.limits}
        map={getConfig().map}
      />
    </PageCard>
  );
}
