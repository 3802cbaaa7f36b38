'use client';

import { useRouter } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { CalendarDays, MapPin } from '@/components/ui/icons';
import { ManagedList } from '@/components/ui/managed-list';
import { TitleLink } from '@/components/ui/title-link';

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

  if (events.length === 0) {
    return (
      <p className="rounded-xl border border-dashed border-slate-300 bg-white p-6 text-center text-slate-700">
        {t('mine_empty')}
      </p>
    );
  }
  return (
    <ManagedList
      items={events}
      messages="calendar"
      headingId={headingId}
      deleteUrl={(event) => `/api/event/${event.id}`}
      editHref={(event) => `/calendar?edit=${event.id}`}
      currentId={editingId}
      // The form must not keep editing an event that no longer exists.
      afterDelete={(event) => (event.id === editingId ? router.replace('/calendar') : router.refresh())}
      row={(event) => (
        <div className="min-w-0 flex-1">
          <p className="flex flex-wrap items-center gap-2">
            <TitleLink href={`/event/${event.id}`} name={event.name} weight="font-semibold" />
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
      )}
    />
  );
}
