import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { getDb } from '@/db/client';
import * as s from '@/db/schema';
import { addDays, warsawDateTime } from '@/lib/opening-hours';
import { warsawToDate } from '@/lib/warsaw-time';
import { createAccount, setupApi } from '../helpers/api';
import { setupTestDb } from '../helpers/db';
import { multipart } from '../helpers/forms';

// Issue 30: special days through the place form's API, and GET /api/place?open_now / open_at.

setupTestDb();
const api = setupApi();

const city = `Sopot-${Date.now()}`;
const today = warsawDateTime(new Date()).date;
const tomorrow = addDays(today, 1);
const later = addDays(today, 2);
const noonOf = (date: string) => (warsawToDate(date, '12:00') as Date).toISOString();

let auth: Record<string, string> = {};

beforeAll(async () => {
  const account = await createAccount('company');
  const db = await getDb();
  const plans = await db.select().from(s.premiumSettings);
  const pro = plans.reduce((a, b) => (b.level > a.level ? b : a));
  await db.update(s.users).set({ premiumSettingId: pro.id }).where(eq(s.users.id, account.user.id));
  auth = account.auth;
});

const fields = (overrides: Record<string, string> = {}) => ({
  name: 'Kawiarnia całodobowa',
  city,
  street: 'Monte Cassino 1',
  postcode: '81-767',
  phone: '+48 58 123 45 67',
  description: '<p>Kawa o każdej porze.</p>',
  'categories[]': ['2'],
  ...Object.fromEntries([1, 2, 3, 4, 5, 6, 7].map((d) => [`place_hours_whole_day[${d}]`, '1'])),
  ...overrides,
});

async function save(overrides: Record<string, string>, id?: number) {
  const form = await multipart(fields(id ? { ...overrides, _method: 'PUT' } : overrides));
  return api().inject({
    method: 'POST',
    url: id ? `/api/place/${id}` : '/api/place',
    headers: { ...form.headers, ...auth, 'accept-language': 'en' },
    payload: form.payload,
  });
}

const names = async (query: string) => {
  const res = await api().inject({ url: `/api/place?localization=${encodeURIComponent(city)}&${query}` });
  expect(res.statusCode, query).toBe(200);
  return (res.json().data as { name: string }[]).map((p) => p.name);
};

describe('special days and open now through the API', () => {
  let id = 0;

  it('saves special days with the place and answers them in GET /api/place/{id}', async () => {
    const res = await save({
      special_hours_sent: '1',
      'special_hours_date[0]': later,
      'special_hours_from[0]': '12:00',
      'special_hours_to[0]': '14:00',
      'special_hours_date[1]': tomorrow,
      'special_hours_closed[1]': '1',
      'special_hours_date[2]': '2020-01-01',
      'special_hours_closed[2]': '1',
    });
    expect(res.statusCode).toBe(201);
    id = res.json().data.id;
    const place = (await api().inject({ url: `/api/place/${id}` })).json().data;
    // Sorted by date; a day long past is pruned on save.
    expect(place.special_hours).toEqual([
      { date: tomorrow, from: null, to: null, closed: 1, whole_day: 0 },
      { date: later, from: '12:00', to: '14:00', closed: 0, whole_day: 0 },
    ]);
    expect(place.open_now).toEqual({ open: true, until: null });
  });

  it('finds the place by open_at only when its hours that day say so', async () => {
    expect(await names(`open_at=${encodeURIComponent(noonOf(tomorrow))}`)).toEqual([]);
    expect(await names(`open_at=${encodeURIComponent(noonOf(later))}`)).toEqual(['Kawiarnia całodobowa']);
    expect(await names(`open_at=${encodeURIComponent(noonOf(today))}&search=kawiarnia`)).toEqual([
      'Kawiarnia całodobowa',
    ]);
    expect(await names('open_now=1')).toEqual(['Kawiarnia całodobowa']);
  });

  it('answers a bad open_at or open_now with a 422 naming the field', async () => {
    for (const [query, field] of [
      ['open_at=tomorrow', 'open_at'],
      ['open_at=2026-12-24T18:00', 'open_at'],
      ['open_at=2026-02-30T10:00:00Z', 'open_at'],
      ['open_now=yes', 'open_now'],
    ] as const) {
      const res = await api().inject({ url: `/api/place?${query}`, headers: { 'accept-language': 'en' } });
      expect(res.statusCode, query).toBe(422);
      expect(Object.keys(res.json().errors), query).toContain(field);
    }
  });

  it('refuses a date given twice or hours without times, with field errors', async () => {
    const res = await save(
      {
        special_hours_sent: '1',
        'special_hours_date[3]': tomorrow,
        'special_hours_closed[3]': '1',
        'special_hours_date[4]': tomorrow,
        'special_hours_from[4]': '10:00',
        'special_hours_date[5]': 'jutro',
        'special_hours_closed[5]': '1',
      },
      id,
    );
    expect(res.statusCode).toBe(422);
    const errors = res.json().errors as Record<string, string[]>;
    expect(errors['special_hours_date.4']).toEqual(['This date is already on the list of special days.']);
    expect(errors['special_hours_to.4']).toEqual(['Enter a time or tick “closed” or “open 24 hours”.']);
    expect(errors['special_hours_date.5']).toEqual(['Enter a valid date.']);
  });

  it('keeps the special days when a client does not send them, and removes them when the form sends none', async () => {
    expect((await save({}, id)).statusCode).toBe(200);
    let place = (await api().inject({ url: `/api/place/${id}` })).json().data;
    expect(place.special_hours).toHaveLength(2);
    expect((await save({ special_hours_sent: '1' }, id)).statusCode).toBe(200);
    place = (await api().inject({ url: `/api/place/${id}` })).json().data;
    expect(place.special_hours).toEqual([]);
    expect(await names(`open_at=${encodeURIComponent(noonOf(tomorrow))}`)).toEqual(['Kawiarnia całodobowa']);
  });

  it('documents open_now and open_at in /api/docs', async () => {
    const docs = await api().inject({ url: '/api/docs/json' });
    const text = docs.body;
    expect(text).toContain('open_now');
    expect(text).toContain('open_at');
  });
});
