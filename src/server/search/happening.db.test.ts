import { beforeAll, describe, expect, it } from 'vitest';
import { getDb } from '@/db/client';
import { eventOccurrences, events } from '@/db/schema';
import { eventSearchQuerySchema } from '@/lib/schemas/search';
import { warsawToDate } from '@/lib/warsaw-time';
import { insertActor, insertPlace, seededCategoryId } from '@/test-support/fixtures';
import { searchEvents } from './search-events';

// Issue 30 item 2: `happening=now` (started, not ended at the request's time) and `happening=tonight`
// (overlapping today 18:00 to midnight in Warsaw, not ended yet), series matched by any of their dates.

const w = (date: string, time: string) => warsawToDate(date, time) as Date;

let ownerId = 0;
let categoryId = 0;

beforeAll(async () => {
  ownerId = (await insertActor('company')).id;
  categoryId = await seededCategoryId();
});

type Slot = [name: string, start: Date, end: Date];

/** A fresh place with these events; a series' current date is a later one, its dates the `dates`. */
async function placeWith(slots: Slot[], series: { name: string; current: Slot; dates: Slot[] }[] = []) {
  const place = await insertPlace(ownerId);
  const db = await getDb();
  const row = ([name, start, end]: Slot) => ({
    userId: ownerId,
    placeId: place.id,
    categoryId,
    name,
    city: 'Gdańsk',
    startDate: start,
    endDate: end,
  });
  if (slots.length) await db.insert(events).values(slots.map(row));
  for (const s of series) {
    const [event] = await db
      .insert(events)
      .values({
        ...row([s.name, s.current[1], s.current[2]]),
        repeatRule: 'FREQ=WEEKLY',
        seriesStart: s.dates[0]?.[1] ?? s.current[1],
        seriesEnd: s.dates[0]?.[2] ?? s.current[2],
      })
      .returning({ id: events.id });
    if (!event) throw new Error('no series');
    await db.insert(eventOccurrences).values(
      [...s.dates, s.current].map(([, start, end]) => ({
        eventId: event.id,
        originalStart: start,
        startDate: start,
        endDate: end,
      })),
    );
  }
  return place.id;
}

async function found(placeId: number, query: Record<string, string>, now: Date) {
  const page = await searchEvents(
    eventSearchQuerySchema.parse({ place_id: String(placeId), per_page: '50', ...query }),
    now,
  );
  return page.data.map((e) => e.name).sort();
}

describe('happening=now and happening=tonight', () => {
  const day = '2031-06-13'; // a Friday in summer time (UTC+2)
  const next = '2031-06-14';
  let placeId = 0;

  beforeAll(async () => {
    placeId = await placeWith(
      [
        ['afternoon till six', w(day, '16:00'), w(day, '18:00')],
        ['morning, over', w(day, '10:00'), w(day, '16:30')],
        ['starts at five', w(day, '17:00'), w(day, '19:00')],
        ['evening concert', w(day, '20:00'), w(day, '23:00')],
        ['after midnight', w(next, '00:00'), w(next, '02:00')],
        ['late party', w(day, '23:30'), w(next, '01:30')],
        ['month-long show', w('2031-06-01', '10:00'), w('2031-06-30', '18:00')],
        ['tomorrow evening', w(next, '19:00'), w(next, '21:00')],
      ],
      [
        {
          name: 'weekly quiz',
          current: ['', w('2031-06-20', '20:00'), w('2031-06-20', '22:00')],
          dates: [['', w(day, '20:00'), w(day, '22:00')]],
        },
        {
          name: 'weekly yoga',
          current: ['', w('2031-06-20', '16:30'), w('2031-06-20', '17:30')],
          dates: [['', w(day, '16:30'), w(day, '17:30')]],
        },
      ],
    );
  });

  it('finds at 17:00 what has started and not ended, the start included', async () => {
    expect(await found(placeId, { happening: 'now' }, w(day, '17:00'))).toEqual([
      'afternoon till six',
      'month-long show',
      'starts at five',
      'weekly yoga',
    ]);
  });

  it('finds tonight what overlaps 18:00 to midnight, a series by its date today', async () => {
    const page = await searchEvents(
      eventSearchQuerySchema.parse({ place_id: String(placeId), happening: 'tonight' }),
      w(day, '17:00'),
    );
    expect(page.data.map((e) => e.name).sort()).toEqual([
      'evening concert',
      'late party',
      'month-long show',
      'starts at five',
      'weekly quiz',
    ]);
    // The series shows its date tonight, not its current one next week.
    const quiz = page.data.find((e) => e.name === 'weekly quiz');
    expect(new Date(quiz?.start_date ?? 0).toISOString()).toBe(w(day, '20:00').toISOString());
  });

  it('leaves out tonight what has ended by the request (the quiz at 22:00), and starts over after midnight', async () => {
    expect(await found(placeId, { happening: 'tonight' }, w(day, '22:30'))).toEqual([
      'evening concert',
      'late party',
      'month-long show',
    ]);
    // 00:30: "tonight" is the new day's evening; the party that runs till 01:30 is on now, not tonight.
    expect(await found(placeId, { happening: 'tonight' }, w(next, '00:30'))).toEqual([
      'month-long show',
      'tomorrow evening',
    ]);
    expect(await found(placeId, { happening: 'now' }, w(next, '00:30'))).toEqual([
      'after midnight',
      'late party',
      'month-long show',
    ]);
  });

  it('combines with a date range', async () => {
    expect(
      await found(placeId, { happening: 'tonight', date_from: next, date_end: next }, w(day, '17:00')),
    ).toEqual(['late party', 'month-long show']);
    // "Now" on dates still to come holds nothing, and asks the database for nothing odd.
    expect(
      await found(placeId, { happening: 'now', date_from: next, date_end: next }, w(day, '17:00')),
    ).toEqual([]);
  });

  it('takes 18:00 in Warsaw on the day the clocks go back', async () => {
    const sunday = '2031-10-26'; // 25 hours: UTC+2 until 03:00, then UTC+1; 18:00 is 17:00 UTC
    const dst = await placeWith([
      ['before six', new Date('2031-10-26T16:00:00Z'), new Date('2031-10-26T16:59:00Z')],
      ['after six', new Date('2031-10-26T17:30:00Z'), new Date('2031-10-26T18:00:00Z')],
      ['monday', w('2031-10-27', '00:00'), w('2031-10-27', '01:00')],
    ]);
    expect(await found(dst, { happening: 'tonight' }, w(sunday, '12:00'))).toEqual(['after six']);
  });

  it('refuses any other value', () => {
    const result = eventSearchQuerySchema.safeParse({ happening: 'soon' });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.path).toEqual(['happening']);
    expect(eventSearchQuerySchema.parse({ happening: '' }).happening).toBeUndefined();
  });
});
