'use client';

import { CalendarDays, MapPin } from 'lucide-react';
import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { ConfirmDeleteDialog, EditDeleteActions, useConfirmedDelete } from '@/components/ui/confirm-delete';

export interface MyEvent {
  id: number;
  name: string;
  /** DD.MM.YYYY HH:mm, formatted by the server in Warsaw time. */
  when: string;
  start_date: string;
  place: string;
  ended: boolean;
}

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
  const router = useRouter();
  const { ask, target, dialogProps } = useConfirmedDelete<MyEvent>({
    url: (event) => `/api/event/${event.id}`,
    deletedMessage: (event) => t('deleted', { name: event.name }),
    headingId,
    // The form must not keep editing an event that no longer exists.
    afterDelete: (event) => (event.id === editingId ? router.replace('/calendar') : router.refresh()),
  });

  if (events.length === 0) {
    return (
      <p className="rounded-xl border border-dashed border-slate-300 bg-white p-6 text-center text-slate-700">
        {t('mine_empty')}
      </p>
    );
  }
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
            <EditDeleteActions
              editHref={`/calendar?edit=${event.id}`}
              current={event.id === editingId}
              labels={{
                edit: t('edit'),
                editNamed: t('edit_named', { name: event.name }),
                delete: t('delete'),
                deleteNamed: t('delete_named', { name: event.name }),
              }}
              onDelete={(button) => ask(event, button)}
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
