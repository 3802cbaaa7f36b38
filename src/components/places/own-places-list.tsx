'use client';

import { BadgeCheck, CircleDashed } from 'lucide-react';
import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { ConfirmDeleteDialog, EditDeleteActions, useConfirmedDelete } from '@/components/ui/confirm-delete';

export interface OwnPlace {
  id: number;
  name: string;
  city: string;
  verified: boolean;
  logoUrl: string | null;
}

/** The company's places (spec §2 /account/places) with edit links and a confirmed delete. */
export function OwnPlacesList({ places, headingId }: { places: OwnPlace[]; headingId: string }) {
  const t = useTranslations('account_places');
  const router = useRouter();
  const { ask, target, dialogProps } = useConfirmedDelete<OwnPlace>({
    url: (place) => `/api/place/${place.id}`,
    deletedMessage: (place) => t('deleted', { name: place.name }),
    headingId,
    afterDelete: () => router.refresh(),
  });

  return (
    <>
      <ul className="grid gap-3">
        {places.map((place) => (
          <li
            key={place.id}
            className="flex flex-col gap-3 rounded-xl border border-slate-200 bg-white p-4 sm:flex-row sm:items-center"
          >
            <div className="flex min-w-0 flex-1 items-center gap-3">
              {place.logoUrl ? (
                <img
                  src={place.logoUrl}
                  alt=""
                  className="h-12 w-12 shrink-0 rounded-full border border-slate-200 object-cover"
                />
              ) : (
                <span aria-hidden className="h-12 w-12 shrink-0 rounded-full bg-slate-200" />
              )}
              <div className="min-w-0">
                <Link
                  href={`/places/${place.id}`}
                  className="font-semibold break-words text-brand-700 underline-offset-2 hover:underline"
                >
                  {place.name}
                </Link>
                <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-slate-600">
                  <span>{place.city}</span>
                  {place.verified ? (
                    <span className="inline-flex items-center gap-1 rounded-full bg-green-100 px-2 py-0.5 font-medium text-green-800">
                      <BadgeCheck aria-hidden size={14} />
                      {t('verified')}
                    </span>
                  ) : (
                    <span className="inline-flex items-center gap-1 rounded-full bg-slate-100 px-2 py-0.5 font-medium text-slate-700">
                      <CircleDashed aria-hidden size={14} />
                      {t('unverified')}
                    </span>
                  )}
                </p>
              </div>
            </div>
            <EditDeleteActions
              editHref={`/account/edit-place/${place.id}`}
              labels={{
                edit: t('edit'),
                editNamed: t('edit_named', { name: place.name }),
                delete: t('delete'),
                deleteNamed: t('delete_named', { name: place.name }),
              }}
              onDelete={(button) => ask(place, button)}
            />
          </li>
        ))}
      </ul>

      <ConfirmDeleteDialog
        {...dialogProps}
        title={target ? t('confirm_title', { name: target.name }) : ''}
        text={t('confirm_text')}
        cancelLabel={t('cancel')}
        confirmLabel={t('confirm_delete')}
      />
    </>
  );
}
