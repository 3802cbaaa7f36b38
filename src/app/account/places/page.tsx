import { Plus } from 'lucide-react';
import type { Metadata } from 'next';
import Link from 'next/link';
import { redirect } from 'next/navigation';
import { getTranslations } from 'next-intl/server';
import { OrganisersOnly } from '@/components/places/organisers-only';
import { OwnPlacesList } from '@/components/places/own-places-list';
import { listOwnPlaces } from '@/server/places/list-places';
import { getPageUser } from '@/web/page-user';

const headingId = 'own-places-heading';

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations('account_places'))('title') };
}

/** Spec §2 /account/places: the company's places (name, verified label, edit, delete, add); login required. */
export default async function OwnPlacesPage() {
  const user = await getPageUser();
  if (!user) redirect('/login');
  const t = await getTranslations('account_places');
  if (user.role !== 'company') return <OrganisersOnly title={t('title')} />;
  const places = await listOwnPlaces({ actor: user });
  return (
    <section className="mx-auto max-w-4xl px-4 py-10">
      <div className="mb-6 flex flex-wrap items-center justify-between gap-4">
        <h1 id={headingId} tabIndex={-1} className="text-2xl font-bold">
          {t('title')}
        </h1>
        <Link
          href="/account/create-place"
          className="inline-flex min-h-11 items-center gap-2 rounded-lg bg-brand-600 px-5 font-semibold text-white hover:bg-brand-700"
        >
          <Plus aria-hidden size={18} />
          {t('add')}
        </Link>
      </div>
      {places.length > 0 ? (
        <OwnPlacesList places={places} headingId={headingId} />
      ) : (
        <p className="rounded-xl border border-dashed border-slate-300 bg-white p-8 text-center text-slate-700">
          {t('empty')}
        </p>
      )}
    </section>
  );
}
