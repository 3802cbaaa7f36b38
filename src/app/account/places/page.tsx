import { getTranslations } from 'next-intl/server';
import { AddPlaceLink } from '@/components/places/add-place-link';
import { OrganisersOnly } from '@/components/places/organisers-only';
import { OwnPlacesList } from '@/components/places/own-places-list';
import { buttonClass } from '@/components/ui/button';
import { EmptyNote } from '@/components/ui/empty-note';
import { Link } from '@/components/ui/link';
import { titled } from '@/i18n/page-title';
import { listOwnPlaces } from '@/server/places/list-places';
import { getPageCompany } from '@/web/page-user';

const headingId = 'own-places-heading';

export const generateMetadata = titled('account_places.title');

/** Spec §2 /account/places: the company's places (name, verified label, edit, delete, add); login required. */
export default async function OwnPlacesPage() {
  const user = await getPageCompany('/account/places');
  const t = await getTranslations('account_places');
  const tStats = await getTranslations('stats');
  if (!user) return <OrganisersOnly title={t('title')} />;
  const places = await listOwnPlaces({ actor: user });
  return (
    <section className="mx-auto max-w-4xl px-4 py-10">
      <div className="mb-6 flex flex-wrap items-center justify-between gap-4">
        <h1 id={headingId} tabIndex={-1} className="text-2xl font-bold">
          {t('title')}
        </h1>
        <div className="flex flex-wrap gap-2">
          <Link href="/account/stats" className={buttonClass({ variant: 'secondary' })}>
            {tStats('link')}
          </Link>
          <AddPlaceLink label={t('add')} />
        </div>
      </div>
      {places.length > 0 ? (
        <OwnPlacesList places={places} headingId={headingId} />
      ) : (
        <EmptyNote>{t('empty')}</EmptyNote>
      )}
    </section>
  );
}
