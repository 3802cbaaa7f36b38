'use client';

import { CalendarDays, MapPin, Pencil, Trash2 } from 'lucide-react';
import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { useId, useRef, useState } from 'react';
import { toast } from 'sonner';
import { useApi } from '@/lib/use-api';

export interface MyEvent {
  id: number;
  name: string;
  /** DD.MM.YYYY HH:mm, formatted by the server in Warsaw time. */
  when: string;
  start_date: string;
  place: string;
  ended: boolean;
}

const actionClass =
  'inline-flex min-h-11 items-center justify-center gap-2 rounded-lg border px-4 font-medium';

/**
 * The company's events on /calendar: each links to its page, to the form in edit mode
 * (`/calendar?edit={id}`) and to a confirmed DELETE /api/event/{id}.
 */
export function MyEvents({
  events,
  headingId,
  editingId,
}: {
  events: MyEvent[];
  headingId: string;
  editingId: number | null;
}) {
  const t = useTranslations('calendar');
  const api = useApi();
  const router = useRouter();
  const id = useId();
  const dialog = useRef<HTMLDialogElement>(null);
  const opener = useRef<HTMLButtonElement | null>(null);
  const [target, setTarget] = useState<MyEvent | null>(null);
  const [pending, setPending] = useState(false);

  if (events.length === 0) {
    return (
      <p className="rounded-xl border border-dashed border-slate-300 bg-white p-6 text-center text-slate-700">
        {t('mine_empty')}
      </p>
    );
  }

  const ask = (event: MyEvent, button: HTMLButtonElement) => {
    opener.current = button;
    setTarget(event);
    dialog.current?.showModal();
  };

  const remove = async () => {
    if (!target) return;
    setPending(true);
    try {
      await api(`/api/event/${target.id}`, { method: 'DELETE', overlay: true });
      toast.success(t('deleted', { name: target.name }));
      // The row and its button are gone: focus falls back to the list's heading.
      opener.current = null;
      dialog.current?.close();
      document.getElementById(headingId)?.focus();
      // The form must not keep editing an event that no longer exists.
      if (target.id === editingId) router.replace('/calendar');
      else router.refresh();
    } catch {
      // useApi has shown the error; the dialog stays open for another try or a cancel.
    } finally {
      setPending(false);
    }
  };

  return (
    <>
      <ul className="grid gap-3">
        {events.map((event) => (
          <li
            key={event.id}
            className="flex flex-col gap-3 rounded-xl border border-slate-200 bg-white p-4 sm:flex-row sm:items-center"
          >
            <div className="min-w-0 flex-1">
              <p className="flex flex-wrap items-center gap-2">
                <Link
                  href={`/event/${event.id}`}
                  className="font-semibold break-words text-brand-700 underline-offset-2 hover:underline"
                >
                  {event.name}
                </Link>
                {event.ended && (
                  <span className="rounded-full bg-slate-100 px-2 py-0.5 text-xs font-medium text-slate-700">
                    {t('ended')}
                  </span>
                )}
              </p>
              <p className="mt-1 flex flex-wrap gap-x-4 gap-y-1 text-sm text-slate-600">
                <span className="flex items-center gap-1">
                  <CalendarDays aria-hidden size={14} />
                  <time dateTime={event.start_date}>{event.when}</time>
                </span>
                {event.place && (
                  <span className="flex min-w-0 items-center gap-1 break-words">
                    <MapPin aria-hidden size={14} className="shrink-0" />
                    {event.place}
                  </span>
                )}
              </p>
            </div>
            <div className="flex flex-wrap gap-2">
              <Link
                href={`/calendar?edit=${event.id}`}
                aria-label={t('edit_named', { name: event.name })}
                aria-current={event.id === editingId ? 'page' : undefined}
                className={`${actionClass} border-slate-300 text-slate-800 hover:bg-slate-100`}
              >
                <Pencil aria-hidden size={16} />
                {t('edit')}
              </Link>
              <button
                type="button"
                onClick={(e) => ask(event, e.currentTarget)}
                aria-label={t('delete_named', { name: event.name })}
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
