import { notFound } from 'next/navigation';
import { getLocale, getTranslations } from 'next-intl/server';
import { CalendarFeed } from '@/components/calendar/calendar-feed';
import { CalendarNearbyLazy } from '@/components/calendar/calendar-nearby-lazy';
import { IncomingEvents } from '@/components/calendar/incoming-events';
import { MonthCalendar } from '@/components/calendar/month-calendar';
import { parseMonth } from '@/components/calendar/month-grid';
import { MyEventsPanel } from '@/components/calendar/my-events-panel';
import { type MyEventsState, myEventsHref } from '@/components/calendar/my-events-url';
import { EventForm } from '@/components/events/event-form';
import { buttonClass } from '@/components/ui/button';
import { Plus } from '@/components/ui/icons';
import { Link } from '@/components/ui/link';
import { titled } from '@/i18n/page-title';
import type { Locale } from '@/lib/locale';
import type { ListedEvent } from '@/lib/schemas/event-responses';
import { type MyEventsQuery, myEventsQuerySchema } from '@/lib/schemas/my-events';
import { dateToWarsaw } from '@/lib/warsaw-time';
import type { AuthUser } from '@/server/auth/access-tokens';
import { getCalendarFeedUrls } from '@/server/calendar-feed/calendar-feed';
import { getEventForEdit, getEventFormOptions } from '@/server/events/event-form-data';
import { listEventsIn } from '@/server/events/event-lists';
import { findMyEvents } from '@/server/events/my-events';
import { listEventsNearUserCity } from '@/server/events/nearby-events';
import { logger } from '@/server/log';
import { redirectToLogin } from '@/web/locale-redirect';
import { orNotFound } from '@/web/not-found';
import { getPageUser } from '@/web/page-user';

type Search = Promise<Record<string, string | string[] | undefined>>;

const one = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);

export const generateMetadata = titled('calendar.title');

/**
 * Spec §2 /calendar, login required. Organisers add and manage their events here (the form, in edit
 * mode with `?edit={id}`, and their list, paged with `?q=&when=&page=`); attendees see their month and incoming events, the private
 * calendar feed and the recommended-nearby carousel (§6: never companies).
 */
export default async function CalendarPage({ searchParams }: { searchParams: Search }) {
  const user = await getPageUser();
  if (!user) return redirectToLogin('/calendar');
  const params = await searchParams;
  if (user.role === 'company') {
    return <OrganiserCalendar actor={user} edit={one(params.edit)} params={params} />;
  }
  return <AttendeeCalendar actor={user} month={one(params.month)} />;
}

// Another company's event answers like a missing one: the form does not confirm it exists.
async function loadEventForEdit(actor: AuthUser, rawId: string) {
  const eventId = Number(rawId);
  if (!Number.isSafeInteger(eventId) || eventId <= 0) notFound();
  return orNotFound(getEventForEdit({ actor, eventId }), ['not_found', 'forbidden']);
}

/** The list's state from the address: a bad value is read as the default, as an old link deserves. */
function listStateOf(params: Record<string, string | string[] | undefined>): MyEventsQuery {
  const raw = { q: one(params.q), when: one(params.when), page: one(params.page) };
  const parsed = myEventsQuerySchema.safeParse(raw);
  if (parsed.success) return parsed.data;
  // Only the fields that failed fall back.
  return Object.fromEntries(
    Object.entries(raw).map(([key, value]) => {
      const field = myEventsQuerySchema.shape[key as keyof typeof raw].safeParse(value);
      return [key, field.success ? field.data : undefined];
    }),
  ) as MyEventsQuery;
}

// Spec §6 hides the calendar of a company whose plan lacks calendar_access; organisers get no month
// grid in any case, so every company sees the same form and list. Issue 29: the list comes first and
// is paged, so a company sees its events without scrolling past the long form, which follows it (an
// "Add event" link jumps there); while an event is edited the form comes first, as that is the task.
async function OrganiserCalendar({
  actor,
  edit,
  params,
}: {
  actor: AuthUser;
  edit: string | undefined;
  params: Record<string, string | string[] | undefined>;
}) {
  const t = await getTranslations('calendar');
  const locale = (await getLocale()) as Locale;
  const query = listStateOf(params);
  const when = query.when ?? 'upcoming';
  const now = new Date();
  const [options, mine, event] = await Promise.all([
    getEventFormOptions({ actor, locale }),
    findMyEvents({ actor, query: { ...query, when, per_page: undefined }, now }),
    edit === undefined ? undefined : loadEventForEdit(actor, edit),
  ]);
  const state: MyEventsState = { q: query.q, when, page: mine.current_page, edit: event?.id };
  const list = (
    <MyEventsPanel result={mine} state={state} editingId={event?.id ?? null} now={now.getTime()} />
  );
  const form = (
    <section id="add-event" aria-labelledby="event-form-heading" className="scroll-mt-32">
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
        <h2 id="event-form-heading" className="text-xl font-semibold break-words">
          {event ? t('edit_title', { name: event.name }) : t('add_title')}
        </h2>
        {event && (
          <Link
            href={myEventsHref({ ...state, edit: undefined })}
            className={buttonClass({ variant: 'secondary' })}
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
        attributes={options.attributes}
        limits={options.limits}
        eventsLeft={options.eventsLeft}
        event={event}
      />
    </section>
  );
  return (
    <div className="mx-auto max-w-4xl px-4 py-10">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold">{t('title')}</h1>
        {!event && (
          <Link href="#add-event" className={buttonClass({ variant: 'accent' })}>
            <Plus aria-hidden size={18} />
            {t('add_event')}
          </Link>
        )}
      </div>
      <p className="mt-2 text-slate-700" data-testid="events-left">
        {t.rich('events_left', {
          count: options.eventsLeft,
          strong: (chunks) => <strong>{chunks}</strong>,
        })}
      </p>
      <div className="mt-8 grid gap-12">
        {event ? form : list}
        {event ? list : form}
      </div>
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
    const locale = (await getLocale()) as Locale;
    events = await listEventsIn({ actor, kind: 'calendar', locale }).catch((error: unknown) => {
      logger.error({ err: error }, 'calendar events could not be loaded');
      return null;
    });
  }
  const [feed, nearby] = attendee
    ? await Promise.all([
        getCalendarFeedUrls({ actor }),
        listEventsNearUserCity({ actor, locale: (await getLocale()) as Locale }),
      ])
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
      {attendee && <CalendarNearbyLazy city={nearby?.city ?? null} cityEvents={nearby?.events ?? []} />}
      {attendee && <CalendarFeed initial={feed} />}
    </div>
  );
}
