import type { Metadata } from 'next';
import Link from 'next/link';
import { notFound, redirect } from 'next/navigation';
import { getLocale, getTranslations } from 'next-intl/server';
import { CalendarFeed } from '@/components/calendar/calendar-feed';
import { CalendarNearby } from '@/components/calendar/calendar-nearby';
import { IncomingEvents } from '@/components/calendar/incoming-events';
import { MonthCalendar } from '@/components/calendar/month-calendar';
import { parseMonth } from '@/components/calendar/month-grid';
import { MyEvents } from '@/components/calendar/my-events';
import { EventForm } from '@/components/events/event-form';
import { formatDateTime } from '@/lib/format';
import type { Locale } from '@/lib/locale';
import { loginPath } from '@/lib/next-path';
import type { ListedEvent } from '@/lib/schemas/event-responses';
import { dateToWarsaw } from '@/lib/warsaw-time';
import type { AuthUser } from '@/server/auth/access-tokens';
import { getCalendarFeedUrls } from '@/server/calendar-feed/calendar-feed';
import { getEventForEdit, getEventFormOptions } from '@/server/events/event-form-data';
import { listEventsIn } from '@/server/events/event-lists';
import { listMyEvents } from '@/server/events/get-event';
import { listEventsNearUserCity } from '@/server/events/nearby-events';
import { orNotFound } from '@/web/not-found';
import { getPageUser } from '@/web/page-user';

type Search = Promise<{ month?: string | string[]; edit?: string | string[] }>;

const one = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations('calendar'))('title') };
}

/**
 * Spec §2 /calendar, login required. Organisers add and manage their events here (the form, in edit
 * mode with `?edit={id}`, and their list); attendees see their month and incoming events, the private
 * calendar feed and the recommended-nearby carousel (§6: never companies).
 */
export default async function CalendarPage({ searchParams }: { searchParams: Search }) {
  const user = await getPageUser();
  if (!user) redirect(loginPath('/calendar'));
  const params = await searchParams;
  if (user.role === 'company') return <OrganiserCalendar actor={user} edit={one(params.edit)} />;
  return <AttendeeCalendar actor={user} month={one(params.month)} />;
}

// Another company's event answers like a missing one: the form does not confirm it exists.
async function loadEventForEdit(actor: AuthUser, rawId: string) {
  const eventId = Number(rawId);
  if (!Number.isSafeInteger(eventId) || eventId <= 0) notFound();
  return orNotFound(getEventForEdit({ actor, eventId }), ['not_found', 'forbidden']);
}

// Spec §6 hides the calendar of a company whose plan lacks calendar_access; organisers get no month
// grid in any case, so every company sees the same form and list.
async function OrganiserCalendar({ actor, edit }: { actor: AuthUser; edit: string | undefined }) {
  const t = await getTranslations('calendar');
  const locale = (await getLocale()) as Locale;
  const [options, mine, event] = await Promise.all([
    getEventFormOptions({ actor, locale }),
    listMyEvents({ actor }),
    edit === undefined ? undefined : loadEventForEdit(actor, edit),
  ]);
  const now = Date.now();
  const headingId = 'my-events-heading';
  return (
    <div className="mx-auto max-w-4xl px-4 py-10">
      <h1 className="text-2xl font-bold">{t('title')}</h1>
      <p className="mt-2 text-slate-700">
        {t.rich('events_left', {
          count: options.eventsLeft,
          strong: (chunks) => <strong>{chunks}</strong>,
        })}
      </p>

      <section id="add-event" aria-labelledby="event-form-heading" className="mt-8 scroll-mt-32">
        <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
          <h2 id="event-form-heading" className="text-xl font-semibold break-words">
            {event ? t('edit_title', { name: event.name }) : t('add_title')}
          </h2>
          {event && (
            <Link
              href="/calendar"
              className="inline-flex min-h-11 items-center rounded-lg border border-slate-300 bg-white px-4 font-medium text-slate-800 hover:bg-slate-100"
            >
              {t('cancel_edit')}
            </Link>
          )}
        </div>
        <EventForm
          // A new key when switching between events (or back to a new one) starts the form afresh.
          key={event?.id ?? 'new'}
          places={options.places}
          categories={options.categories}
          limits={options.limits}
          eventsLeft={options.eventsLeft}
          event={event}
        />
      </section>

      <section aria-labelledby={headingId} className="mt-12">
        <h2 id={headingId} tabIndex={-1} className="mb-4 text-xl font-semibold">
          {t('mine_title')}
        </h2>
        <MyEvents
          headingId={headingId}
          editingId={event?.id ?? null}
          events={mine.map((e) => ({
            id: e.id,
            name: e.name,
            when: formatDateTime(e.start_date),
            start_date: e.start_date,
            place: [e.place_name, e.city].filter(Boolean).join(', '),
            ended: new Date(e.end_date).getTime() < now,
          }))}
        />
      </section>
    </div>
  );
}

async function AttendeeCalendar({ actor, month }: { actor: AuthUser; month: string | undefined }) {
  const t = await getTranslations('calendar');
  const today = dateToWarsaw(new Date()).date;
  const attendee = actor.role === 'user';
  // Spec §8: a failed calendar fetch shows a message instead of the events.
  let events: ListedEvent[] | null = [];
  if (attendee) {
    events = await listEventsIn({ actor, kind: 'calendar' }).catch((error: unknown) => {
      console.error('calendar events could not be loaded', error);
      return null;
    });
  }
  const [feed, nearby] = attendee
    ? await Promise.all([getCalendarFeedUrls({ actor }), listEventsNearUserCity({ actor })])
    : [null, null];
  const now = Date.now();
  const incoming = (events ?? []).filter((e) => new Date(e.end_date).getTime() > now);
  return (
    <div className="mx-auto max-w-6xl px-4 py-10">
      <h1 className="mb-6 text-2xl font-bold">{t('title')}</h1>
      {events === null && (
        <p role="alert" className="mb-6 rounded-xl border border-red-200 bg-red-50 p-4 text-red-800">
          {t('fetch_error')}
        </p>
      )}
      <div className="grid gap-8 lg:grid-cols-[minmax(0,1fr)_22rem]">
        <div className="min-w-0 rounded-2xl border border-slate-200 bg-white p-3 shadow-sm sm:p-5">
          <MonthCalendar month={parseMonth(month, today)} today={today} events={events ?? []} />
        </div>
        <IncomingEvents events={incoming} />
      </div>
      {attendee && <CalendarNearby city={nearby?.city ?? null} cityEvents={nearby?.events ?? []} />}
      {attendee && <CalendarFeed initial={feed} />}
    </div>
  );
}
