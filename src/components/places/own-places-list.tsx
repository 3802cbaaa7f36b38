'use client';

import { useRouter } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { BadgeCheck, CircleDashed, XCircle } from '@/components/ui/icons';
import { Link } from '@/components/ui/link';
import { ManagedList } from '@/components/ui/managed-list';
import { Thumbnail, type ThumbnailClasses } from '@/components/ui/thumbnail';
import { TitleLink } from '@/components/ui/title-link';
import { apiUrl } from '@/lib/api-client';

export interface OwnPlace {
  id: number;
  name: string;
  city: string;
  verified: boolean;
  /** The admin's review (issue 14): pending, verified, or rejected with a reason. */
  verificationState: 'pending' | 'verified' | 'rejected';
  verificationReason: string | null;
  logoUrl: string | null;
}

const logo: ThumbnailClasses = {
  image: 'h-12 w-12 shrink-0 rounded-full border border-slate-200 object-cover',
  empty: 'h-12 w-12 shrink-0 rounded-full bg-slate-200',
};

/** The company's places (spec §2 /account/places) with edit links and a confirmed delete. */
export function OwnPlacesList({ places, headingId }: { places: OwnPlace[]; headingId: string }) {
  const t = useTranslations('account_places');
  const tImport = useTranslations('import.places_list');
  const router = useRouter();
  return (
    <ManagedList
      items={places}
      messages="account_places"
      headingId={headingId}
      deleteUrl={(place) => apiUrl('/api/place/{id}', { params: { id: place.id } })}
      editHref={(place) => `/account/edit-place/${place.id}`}
      afterDelete={() => router.refresh()}
      row={(place) => (
        <div className="flex min-w-0 flex-1 items-center gap-3">
          <Thumbnail src={place.logoUrl} classes={logo} />
          <div className="min-w-0">
            <TitleLink href={`/places/${place.id}`} name={place.name} weight="font-semibold" />
            <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-slate-600">
              <span>{place.city}</span>
              {place.verified ? (
                <span className="inline-flex items-center gap-1 rounded-full bg-green-100 px-2 py-0.5 font-medium text-green-800">
                  <BadgeCheck aria-hidden size={14} />
                  {t('verified')}
                </span>
              ) : place.verificationState === 'rejected' ? (
                <span className="inline-flex items-center gap-1 rounded-lg bg-red-50 px-2 py-0.5 font-medium break-words text-red-800">
                  <XCircle aria-hidden size={14} className="shrink-0" />
                  {t('rejected', { reason: place.verificationReason ?? '' })}
                </span>
              ) : (
                <span className="inline-flex items-center gap-1 rounded-full bg-slate-100 px-2 py-0.5 font-medium text-slate-700">
                  <CircleDashed aria-hidden size={14} />
                  {t('pending')}
                </span>
              )}
            </p>
            <Link
              href={`/account/places/${place.id}/import`}
              className="text-sm font-medium text-brand-700 underline"
            >
              {tImport('link')}
            </Link>
          </div>
        </div>
      )}
    />
  );
}
