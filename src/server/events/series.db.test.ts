import { and, count, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { getDb } from '@/db/client';
import {
  calendarEntries,
  eventFavourites,
  eventOccurrences,
  events,
  notifications,
  users,
} from '@/db/schema';
import { createEventBodySchema, updateEventBodySchema } from '@/lib/schemas/event';
import { eventSearchQuerySchema } from '@/lib/schemas/search';
import { warsawParts } from '@/lib/warsaw-time';
import type { AuthUser } from '@/server/auth/access-tokens';
import { AppError } from '@/server/errors';
import { searchEvents } from '@/server/search/search-events';
import { insertActor, insertPlace, seededPlans } from '@/test-support/fixtures';
import { createEvent } from './create-event';
import { getEventDetail } from './get-event';
import { advanceSeries } from './save-series';
import { updateEvent } from './update-event';

// Issue 17 item 4: a series is one event with a rule; its dates keep their Warsaw hour across the change
// to and from summer time, exceptions cancel or move one date, and it takes one creation.

let topPlanId: number;

beforeAll(async () => {
  topPlanId = (await seededPlans()).topPlan.id;
});

async function organiser(eventsLeft = 5) {
  const actor = await insertActor('company', { eventsLeft, premiumSettingId: topPlanId });
  const place = await insertPlace(actor.id);
  return { actor, placeId: place.id };
}

const fields = (placeId: number, extra: Record<string, string | string[]> = {}) => ({
  category_id: '1',
  place_id: String(placeId),
  name: `Quiz ${Math.random().toString(36).slice(2, 8)}`,
  price_min: '0',
  price_max: '20',
  spots_left: '40',
  start_date: '2031-03-15',
  start_date_h: '19:00',
  end_date: '2031-03-15',
  end_date_h: '21:00',
  repeat: 'weekly',
  repeat_days: ['SA'],
  repeat_end: 'count',
  repeat_count: '6',
  ...extra,
});

const create = (actor: AuthUser, placeId: number, extra: Record<string, string | string[]> = {}) =>
  createEvent({ actor, input: createEventBodySchema.parse(fields(placeId, extra)), files: { images: [] } });

async function datesOf(eventId: number) {
  const db = await getDb();
  const rows = await db
    .select()
    .from(eventOccurrences)
    .where(eq(eventOccurrences.eventId, eventId))
    .orderBy(eventOccurrences.startDate);
  return rows.map((r) => ({ start: r.startDate, end: r.endDate, original: r.originalStart }));
}

const wall = (d: Date) => {
  const p = warsawParts(d);
  return `${p.year}-${p.month}-${p.day} ${p.hour}:${p.minute}`;
};

const search = (query: Record<string, string>, now: Date) =>
  searchEvents(eventSearchQuerySchema.parse(query), now);

async function validationOf(promise: Promise<unknown>) {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  return (error as AppError).fields;
}

describe('a weekly series across the change to summer time', () => {
  it('keeps 19:00 Warsaw time on every date and takes one creation', async () => {
    const { actor, placeId } = await organiser(3);
    const { id, eventsLeft } = await create(actor, placeId);
    expect(eventsLeft).toBe(2);
    const dates = await datesOf(id);
    // 2031-03-30 is the last Sunday of March: the clocks go forward between the 2nd and 3rd date.
    expect(dates.map((d) => wall(d.start))).toEqual([
      '2031-03-15 19:00',
      '2031-03-22 19:00',
      '2031-03-29 19:00',
      '2031-04-05 19:00',
      '2031-04-12 19:00',
      '2031-04-19 19:00',
    ]);
    expect(dates.map((d) => d.start.toISOString().slice(11, 16))).toEqual([
      '18:00',
      '18:00',
      '18:00',
      '17:00',
      '17:00',
      '17:00',
    ]);
    expect(dates.every((d) => d.end.getTime() - d.start.getTime() === 2 * 3_600_000)).toBe(true);
  });
});

describe('a daily series across the change back to winter time', () => {
  it('keeps 20:30 Warsaw time on 2031-10-25 and 2031-10-26 and after', async () => {
    const { actor, placeId } = await organiser();
    const { id } = await create(actor, placeId, {
      start_date: '2031-10-24',
      start_date_h: '20:30',
      end_date: '2031-10-24',
      end_date_h: '22:00',
      repeat: 'daily',
      repeat_days: [],
      repeat_end: 'until',
      repeat_until: '2031-10-27',
      repeat_count: '',
    });
    const dates = await datesOf(id);
    expect(dates.map((d) => wall(d.start))).toEqual([
      '2031-10-24 20:30',
      '2031-10-25 20:30',
      '2031-10-26 20:30',
      '2031-10-27 20:30',
    ]);
    // UTC+2 before the last Sunday of October, UTC+1 from it on.
    expect(dates.map((d) => d.start.toISOString().slice(11, 16))).toEqual([
      '18:30',
      '18:30',
      '19:30',
      '19:30',
    ]);
  });

  it('repeats monthly on the last Saturday of the month', async () => {
    const { actor, placeId } = await organiser();
    const { id } = await create(actor, placeId, {
      start_date: '2031-01-25',
      end_date: '2031-01-25',
      repeat: 'monthly',
      repeat_days: [],
      repeat_monthly: 'weekday',
      repeat_end: 'count',
      repeat_count: '4',
    });
    expect((await datesOf(id)).map((d) => wall(d.start))).toEqual([
      '2031-01-25 19:00',
      '2031-02-22 19:00',
      '2031-03-29 19:00',
      '2031-04-26 19:00',
    ]);
  });
});

describe('exceptions', () => {
  it('leaves a cancelled date out and holds a moved one at its new time', async () => {
    const { actor, placeId } = await organiser();
    const { id } = await create(actor, placeId, {
      cancel_dates: ['2031-03-22'],
      move_from: ['2031-04-05'],
      move_date: ['2031-04-06'],
      move_time: ['18:00'],
    });
    const dates = await datesOf(id);
    expect(dates.map((d) => wall(d.start))).toEqual([
      '2031-03-15 19:00',
      '2031-03-29 19:00',
      '2031-04-06 18:00',
      '2031-04-12 19:00',
      '2031-04-19 19:00',
    ]);
    const moved = dates.find((d) => wall(d.start) === '2031-04-06 18:00');
    expect(moved && wall(moved.original)).toBe('2031-04-05 19:00');
    expect(moved && moved.end.getTime() - moved.start.getTime()).toBe(2 * 3_600_000);

    const detail = await getEventDetail({ id, locale: 'pl', now: new Date('2031-03-01T00:00:00Z') });
    expect(detail.series?.repeat).toMatchObject({ freq: 'weekly', days: ['SA'], count: 6 });
    const listed = detail.series?.next_dates ?? [];
    expect(listed.map((d) => [wall(new Date(d.start)), d.cancelled])).toEqual([
      ['2031-03-15 19:00', false],
      ['2031-03-22 19:00', true],
      ['2031-03-29 19:00', false],
      ['2031-04-06 18:00', false],
      ['2031-04-12 19:00', false],
      ['2031-04-19 19:00', false],
    ]);
    expect(listed[3]?.moved_from && wall(new Date(listed[3].moved_from))).toBe('2031-04-05 19:00');
  });

  it('refuses dates the rule does not give, and a rule from the form beyond its limits, changing nothing', async () => {
    const { actor, placeId } = await organiser(2);
    const errors = await validationOf(
      create(actor, placeId, {
        cancel_dates: ['2031-03-23'],
        move_from: ['2031-03-24'],
        move_date: ['2031-03-25'],
        move_time: ['19:00'],
      }),
    );
    expect(Object.keys(errors ?? {}).sort()).toEqual(['cancel_dates', 'move_from.0']);
    const tooMany = await validationOf(
      create(actor, placeId, {
        repeat: 'daily',
        repeat_end: 'until',
        repeat_until: '2032-12-31',
        repeat_count: '',
      }),
    );
    expect(tooMany?.repeat_until?.[0]?.key).toBe('validation.repeat_too_many');
    const db = await getDb();
    const [left] = await db.select({ n: users.eventsLeft }).from(users).where(eq(users.id, actor.id));
    expect(left?.n).toBe(2);
    const [made] = await db.select({ n: count() }).from(events).where(eq(events.userId, actor.id));
    expect(made?.n).toBe(0);
  });

  it('checks the fields in the schema: the start on a chosen day, an end, and the two-year limit', () => {
    const parsed = createEventBodySchema.safeParse(
      fields(1, { repeat_days: ['MO'], repeat_end: 'until', repeat_until: '2034-01-01' }),
    );
    expect(parsed.success).toBe(false);
    const paths = parsed.error?.issues.map((i) => [i.path.join('.'), i.message]);
    expect(paths).toEqual(
      expect.arrayContaining([
        ['repeat_days', 'validation.repeat_days_start'],
        ['repeat_until', 'validation.repeat_too_long'],
      ]),
    );
    const noEnd = createEventBodySchema.safeParse(fields(1, { repeat_end: 'count', repeat_count: '' }));
    expect(noEnd.error?.issues.map((i) => i.path.join('.'))).toContain('repeat_count');
  });
});

describe('a series in searches, lists and calendars', () => {
  it('is found once, at its next date, with the dates after it; a date filter finds a later date', async () => {
    const { actor, placeId } = await organiser();
    const input = fields(placeId, { cancel_dates: ['2031-03-29'] });
    const { id } = await createEvent({
      actor,
      input: createEventBodySchema.parse(input),
      files: { images: [] },
    });
    const now = new Date('2031-03-16T12:00:00Z');
    await advanceSeries(await getDb(), now);
    const found = await search({ search: input.name }, now);
    expect(found.total).toBe(1);
    expect(wall(new Date(found.data[0]?.start_date ?? ''))).toBe('2031-03-22 19:00');
    expect(found.data[0]?.also_on.map((d) => wall(new Date(d)))).toEqual([
      '2031-04-05 19:00',
      '2031-04-12 19:00',
      '2031-04-19 19:00',
    ]);
    // A date range that only a later date falls in finds the series, showing that date.
    const april = await search({ search: input.name, date_from: '2031-04-12', date_end: '2031-04-12' }, now);
    expect(april.data.map((e) => e.id)).toEqual([id]);
    expect(wall(new Date(april.data[0]?.start_date ?? ''))).toBe('2031-04-12 19:00');
    // The cancelled date is not a date of the series.
    const cancelled = await search(
      { search: input.name, date_from: '2031-03-29', date_end: '2031-03-29' },
      now,
    );
    expect(cancelled.total).toBe(0);
    // After the last date the series has ended like any event.
    const over = new Date('2031-04-20T12:00:00Z');
    await advanceSeries(await getDb(), over);
    expect((await search({ search: input.name }, over)).total).toBe(0);
  });

  it('moves on to the next date once the shown one is over', async () => {
    const { actor, placeId } = await organiser();
    const { id } = await create(actor, placeId);
    const db = await getDb();
    const shown = async () => {
      const [row] = await db.select({ start: events.startDate }).from(events).where(eq(events.id, id));
      return row ? wall(row.start) : null;
    };
    // Still on: the date stays until it ends at 21:00.
    await advanceSeries(db, new Date('2031-03-15T19:30:00Z'));
    expect(await shown()).toBe('2031-03-15 19:00');
    await advanceSeries(db, new Date('2031-03-15T20:00:01Z'));
    expect(await shown()).toBe('2031-03-22 19:00');
  });

  it('tells its followers of a cancelled date, once', async () => {
    const { actor, placeId } = await organiser();
    const input = fields(placeId);
    const { id } = await createEvent({
      actor,
      input: createEventBodySchema.parse(input),
      files: { images: [] },
    });
    const fan = await insertActor('user');
    const keeper = await insertActor('user');
    const db = await getDb();
    await db.insert(eventFavourites).values({ userId: fan.id, eventId: id });
    await db.insert(calendarEntries).values({ userId: keeper.id, eventId: id });
    const edit = (extra: Record<string, string | string[]>) =>
      updateEvent({
        actor,
        eventId: id,
        input: updateEventBodySchema.parse({ ...input, ...extra }),
        files: { images: [] },
      });
    await edit({ cancel_dates: ['2031-04-05'] });
    const notices = async (userId: number) =>
      db
        .select({ type: notifications.type, params: notifications.params })
        .from(notifications)
        .where(and(eq(notifications.userId, userId), eq(notifications.eventId, id)));
    for (const userId of [fan.id, keeper.id]) {
      expect(await notices(userId)).toEqual([
        { type: 'event_date_cancelled', params: { event: input.name, dates: '05.04.2031 19:00' } },
      ]);
    }
    // Saved again with the same cancelled date: an ordinary change, not a second cancellation.
    await edit({ cancel_dates: ['2031-04-05'], price_max: '25' });
    expect((await notices(fan.id)).map((n) => n.type)).toEqual(['event_date_cancelled', 'event_changed']);
  });
});
