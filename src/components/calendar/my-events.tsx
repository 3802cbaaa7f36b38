'use client';

import { useTranslations } from 'next-intl';
import { useRouter } from '@/components/hooks/use-router';
import { CalendarDays, MapPin } from '@/components/ui/icons';
import { ManagedList } from '@/components/ui/managed-list';
import { TitleLink } from '@/components/ui/title-link';
import { apiUrl } from '@/lib/api-client';

export interface MyEvent {
  id: number;
  name: string;
  /** DD.MM.YYYY HH:mm, formatted by the server in Warsaw time. */
  when: string;
  start_date: string;
  place: string;
  ended: boolean;
  /** Deleting it now gives its creation back (it has not started yet). */
  creationBack: boolean;
  /** This page of the list with the form editing the event (`?edit={id}`). */
  editHref: string;
}

/**
 * A page of the company's events on /calendar: each links to its page, to the form in edit mode and to
 * a confirmed DELETE /api/event/{id}, whose dialog says whether the creation comes back (issue 29).
 */
export function MyEvents({
  events,
  headingId,
  editingId,
  listHref,
}: {
  events: MyEvent[];
  headingId: string;
  editingId: number | null;
  /** This page of the list without the form's `?edit=`. */
  listHref: string;
}) {
  const t = useTranslations('calendar');
  const router = useRouter();
  return (
    <ManagedList
      items={events}
      messages="calendar"
      headingId={headingId}
      deleteUrl={(event) => apiUrl('/api/event/{id}', { params: { id: event.id } })}
      editHref={(event) => event.editHref}
      currentId={editingId}
      confirmNote={(event) => t(event.creationBack ? 'confirm_creation_back' : 'confirm_creation_kept')}
      // The form must not keep editing an event that no longer exists; the refresh also shows the
      // creations left, one more when the event gave its creation back.
      afterDelete={(event) => (event.id === editingId ? router.replace(listHref) : router.refresh())}
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
