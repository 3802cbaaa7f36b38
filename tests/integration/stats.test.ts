import { describe, expect, it } from 'vitest';
import { getDb } from '@/db/client';
import { dailyStats } from '@/db/schema';
import { statMeasures } from '@/lib/stats-measures';
import { lastWarsawDays } from '@/server/admin/overview';
import { insertEvent, insertPlace } from '@/test-support/fixtures';
import { createAccount, setupApi } from '../helpers/api';
import { setupTestDb } from '../helpers/db';

// Issue 28 points 2 and 5: GET /api/user/stats and its CSV, for companies and (any company) admins.

setupTestDb();
const api = setupApi();

const get = (url: string, headers: Record<string, string> = {}) => api().inject({ url, headers });

/** A company with a place and an event, each counted today; the place's name would run as a formula. */
async function companyWithFigures() {
  const company = await createAccount('company');
  const place = await insertPlace(company.user.id, { name: '=cmd|" /C calc"!A0' });
  const event = await insertEvent(company.user.id, place.id);
  const [today, yesterday] = [lastWarsawDays(1)[0] as string, lastWarsawDays(2)[0] as string];
  await (await getDb()).insert(dailyStats).values([
    { subject: 'event', subjectId: event.id, day: today, measure: 'view', count: 6 },
    { subject: 'event', subjectId: event.id, day: yesterday, measure: 'ticket_click', count: 2 },
    { subject: 'place', subjectId: place.id, day: today, measure: 'phone_click', count: 1 },
  ]);
  return { company, place, event, today };
}

describe('GET /api/user/stats', () => {
  it.each(['/api/user/stats', '/api/user/stats.csv'])(
    'refuses %s to anonymous visitors (401) and attendees (403), even with a bad period',
    async (url) => {
      expect((await get(`${url}?days=5`)).statusCode).toBe(401);
      const user = await createAccount('user');
      expect((await get(url, user.auth)).statusCode).toBe(403);
      expect((await get(`${url}?days=5`, user.auth)).statusCode).toBe(403);
    },
  );

  it("gives a company its own period, totals, days and items, and nobody else's", async () => {
    const { company, place, event, today } = await companyWithFigures();
    const other = await companyWithFigures();
    const res = await get('/api/user/stats?days=7', company.auth);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-store');
    const body = res.json();
    expect(body.days).toBe(7);
    expect(body.company).toEqual({ id: company.user.id, name: company.user.companyName });
    expect(body.period.to).toBe(today);
    expect(body.daily).toHaveLength(7);
    expect(body.totals).toMatchObject({ view: 6, ticket_click: 2, phone_click: 1, share: 0 });
    expect(Object.keys(body.totals).sort()).toEqual([...statMeasures].sort());
    expect(body.items.map((i: { type: string; id: number }) => `${i.type}:${i.id}`).sort()).toEqual(
      [`event:${event.id}`, `place:${place.id}`].sort(),
    );
    // Thirty days is the default.
    expect((await get('/api/user/stats', company.auth)).json().daily).toHaveLength(30);
    // A company may name itself, never another company.
    expect((await get(`/api/user/stats?company_id=${company.user.id}`, company.auth)).statusCode).toBe(200);
    expect((await get(`/api/user/stats?company_id=${other.company.user.id}`, company.auth)).statusCode).toBe(
      403,
    );
  });

  it('lets an admin read any company by company_id, 404 for an unknown one', async () => {
    const { company } = await companyWithFigures();
    const admin = await createAccount('admin');
    const res = await get(`/api/user/stats?days=90&company_id=${company.user.id}`, admin.auth);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ company: { id: company.user.id }, days: 90, totals: { view: 6 } });
    expect(res.json().daily).toHaveLength(90);
    expect((await get('/api/user/stats?company_id=2147483000', admin.auth)).statusCode).toBe(404);
    // An attendee's account is not a company.
    const user = await createAccount('user');
    expect((await get(`/api/user/stats?company_id=${user.user.id}`, admin.auth)).statusCode).toBe(404);
    const missing = await get('/api/user/stats', admin.auth);
    expect(missing.statusCode).toBe(422);
    expect(missing.json().errors.company_id).toHaveLength(1);
  });

  it.each(['5', '0', '-7', 'abc', '30.0', '365'])(
    'refuses days=%s with a field error (422)',
    async (days) => {
      const company = await createAccount('company');
      const res = await get(`/api/user/stats?days=${days}`, { ...company.auth, 'accept-language': 'en' });
      expect(res.statusCode).toBe(422);
      expect(res.json().errors.days).toHaveLength(1);
    },
  );

  it('refuses a bad company_id with a field error (422)', async () => {
    const admin = await createAccount('admin');
    const res = await get('/api/user/stats?company_id=x', admin.auth);
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.company_id).toHaveLength(1);
  });
});

describe('GET /api/user/stats.csv', () => {
  it('downloads the items as CSV, a formula-like name defused', async () => {
    const { company, place, event } = await companyWithFigures();
    const res = await get('/api/user/stats.csv?days=7', company.auth);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="stats-7d-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    expect(res.headers['cache-control']).toBe('private, no-store');
    const lines = res.body.replace(/^\uFEFF/, '').split('\r\n');
    expect(lines[0]).toBe(['type', 'id', 'name', ...statMeasures].join(','));
    const row = (type: string, id: number) => lines.find((l) => l.startsWith(`${type},${id},`));
    const measureIndex = (m: string) => 3 + statMeasures.indexOf(m as (typeof statMeasures)[number]);
    const eventRow = row('event', event.id)?.split(',');
    expect(eventRow?.[measureIndex('view')]).toBe('6');
    expect(eventRow?.[measureIndex('ticket_click')]).toBe('2');
    // The place's name starts with "=": an apostrophe first, and quoted for its quote.
    expect(row('place', place.id)).toContain(`place,${place.id},"'=cmd|"" /C calc""!A0",`);
    expect(lines).toHaveLength(4);
  });

  it("gives an admin any company's CSV", async () => {
    const { company } = await companyWithFigures();
    const admin = await createAccount('admin');
    const res = await get(`/api/user/stats.csv?company_id=${company.user.id}`, admin.auth);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toMatch(/filename="stats-30d-/);
  });

  it('documents both calls in the OpenAPI document', async () => {
    const docs = (await get('/api/docs/json')).json();
    expect(docs.paths['/api/user/stats'].get.parameters.map((p: { name: string }) => p.name).sort()).toEqual([
      'company_id',
      'days',
    ]);
    expect(docs.paths['/api/user/stats.csv'].get).toBeDefined();
  });
});
