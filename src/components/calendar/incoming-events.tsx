import { getTranslations } from 'next-intl/server';
import { Panel } from '@/components/ui/panel';
import { Thumbnail, type ThumbnailClasses } from '@/components/ui/thumbnail';
import { TitleLink } from '@/components/ui/title-link';
import { formatDateTime } from '@/lib/format';

export interface IncomingEvent {
  id: number;
  name: string;
  start_date: string;
  place_name: string | null;
  city: string;
  banner: { url: string } | null;
}

const banner: ThumbnailClasses = {
  image: 'h-12 w-16 shrink-0 rounded-md bg-slate-100 object-cover',
  empty: 'h-12 w-16 shrink-0 rounded-md bg-slate-100',
};

/** Spec §2 /calendar: the attendee's upcoming calendar events, a panel at most 400 px high that scrolls. */
export async function IncomingEvents({ events }: { events: IncomingEvent[] }) {
  const t = await getTranslations('calendar');
  return (
    <Panel id="incoming-heading" title={t('incoming')} as="aside" small className="self-start">
      {events.length > 0 ? (
        <ul className="max-h-[400px] divide-y divide-slate-200 overflow-y-auto pr-1">
          {events.map((event) => (
            <li key={event.id} className="flex gap-3 py-3">
              <Thumbnail src={event.banner?.url} classes={banner} lazy />
              <div className="min-w-0">
                <TitleLink href={`/event/${event.id}`} name={event.name} weight="font-medium" />
                <p className="text-sm text-slate-600">
                  <time dateTime={event.start_date}>{formatDateTime(event.start_date)}</time>
                </p>
                <p className="text-sm break-words text-slate-600">
                  {[event.place_name, event.city].filter(Boolean).join(', ')}
                </p>
              </div>
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-slate-600">{t('incoming_empty')}</p>
      )}
    </Panel>
  );
}
