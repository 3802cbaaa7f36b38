'use client';

import { BadgeCheck, CircleDashed, Pencil, Trash2 } from 'lucide-react';
import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { useId, useRef, useState } from 'react';
import { toast } from 'sonner';
import { useApi } from '@/lib/use-api';

export interface OwnPlace {
  id: number;
  name: string;
  city: string;
  verified: boolean;
  logoUrl: string | null;
}

const actionClass =
  'inline-flex min-h-11 items-center justify-center gap-2 rounded-lg border px-4 font-medium';

/** The company's places (spec §2 /account/places) with edit links and a confirmed delete. */
export function OwnPlacesList({ places, headingId }: { places: OwnPlace[]; headingId: string }) {
  const t = useTranslations('account_places');
  const api = useApi();
  const router = useRouter();
  const id = useId();
  const dialog = useRef<HTMLDialogElement>(null);
  const opener = useRef<HTMLButtonElement | null>(null);
  const [target, setTarget] = useState<OwnPlace | null>(null);
  const [pending, setPending] = useState(false);

  const ask = (place: OwnPlace, button: HTMLButtonElement) => {
    opener.current = button;
    setTarget(place);
    dialog.current?.showModal();
  };

  const remove = async () => {
    if (!target) return;
    setPending(true);
    try {
      await api(`/api/place/${target.id}`, { method: 'DELETE', overlay: true });
      toast.success(t('deleted', { name: target.name }));
      // The row and its button are gone: focus falls back to the list's heading.
      opener.current = null;
      dialog.current?.close();
      document.getElementById(headingId)?.focus();
      router.refresh();
    } catch {
      // useApi has shown the error; the dialog stays open for another try or a cancel.
    } finally {
      setPending(false);
    }
  };

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
            <div className="flex flex-wrap gap-2">
              <Link
                href={`/account/edit-place/${place.id}`}
                aria-label={t('edit_named', { name: place.name })}
                className={`${actionClass} border-slate-300 text-slate-800 hover:bg-slate-100`}
              >
                <Pencil aria-hidden size={16} />
                {t('edit')}
              </Link>
              <button
                type="button"
                onClick={(event) => ask(place, event.currentTarget)}
                aria-label={t('delete_named', { name: place.name })}
                aria-haspopup="dialog"
                className={`${actionClass} border-red-300 text-red-700 hover:bg-red-50`}
              >
                <Trash2 aria-hidden size={16} />
                {t('delete')}
              </button>
            </div>
          </li>
        ))}
      </ul>

      <dialog
        ref={dialog}
        aria-labelledby={`${id}-title`}
        aria-describedby={`${id}-text`}
        onClose={() => {
          setTarget(null);
          opener.current?.focus();
        }}
        className="m-auto w-[calc(100%-2rem)] max-w-md rounded-2xl bg-white p-0 text-slate-900 shadow-xl backdrop:bg-slate-900/60"
      >
        <div className="grid gap-4 p-5 sm:p-6">
          <h2 id={`${id}-title`} className="text-xl font-semibold break-words">
            {target ? t('confirm_title', { name: target.name }) : ''}
          </h2>
          <p id={`${id}-text`} className="text-slate-700">
            {t('confirm_text')}
          </p>
          <div className="flex flex-wrap justify-end gap-3">
            <button
              type="button"
              onClick={() => dialog.current?.close()}
              className={`${actionClass} border-slate-300 text-slate-800 hover:bg-slate-100`}
            >
              {t('cancel')}
            </button>
            <button
              type="button"
              onClick={remove}
              disabled={pending}
              className={`${actionClass} border-red-700 bg-red-700 text-white hover:bg-red-800 disabled:opacity-60`}
            >
              {t('confirm_delete')}
            </button>
          </div>
        </div>
      </dialog>
    </>
  );
}
