import { describe, expect, it } from 'vitest';
import { getDb } from '@/db/client';
import { newsletterSubscribers, orders } from '@/db/schema';
import { recordAudit } from '@/server/admin/audit';
import { createAccount, setupApi } from '../helpers/api';
import { setupTestDb } from '../helpers/db';

// Issue 14 points 3 and 5: the admin overview, the newsletter export and the audit log.

setupTestDb();
const api = setupApi();

const get = (url: string, headers: Record<string, string> = {}) => api().inject({ url, headers });

/** Today's date in Warsaw, as the overview names its days. */
const warsawToday = () =>
  new Intl.DateTimeFormat('en-CA', {
    timeZone: 'Europe/Warsaw',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(new Date());

const routes = ['/api/admin/overview', '/api/admin/newsletter.csv', '/api/admin/audit'];

describe('admin overview, newsletter export and audit log', () => {
  it.each(routes)('refuses %s to anonymous visitors (401), attendees and companies (403)', async (url) => {
    expect((await get(url)).statusCode).toBe(401);
    const user = await createAccount('user');
    const company = await createAccount('company');
    expect((await get(url, user.auth)).statusCode).toBe(403);
    expect((await get(url, company.auth)).statusCode).toBe(403);
    const admin = await createAccount('admin');
    expect((await get(url, admin.auth)).statusCode).toBe(200);
  });

  it("counts a new account and a paid order on today's bucket", async () => {
    const admin = await createAccount('admin');
    const before = (await get('/api/admin/overview', admin.auth)).json();
    expect(before.days).toHaveLength(30);
    expect(before.days.at(-1).date).toBe(warsawToday());

    const buyer = await createAccount('company');
    const db = await getDb();
    await db.insert(orders).values({
      userId: buyer.user.id,
      kind: 'events',
      status: 'paid',
      amount: 4999,
      provider: 'test',
      paidAt: new Date(),
    });
    // A pending order is not revenue.
    await db.insert(orders).values({ userId: buyer.user.id, kind: 'events', amount: 1000, provider: 'test' });

    const res = await get('/api/admin/overview', admin.auth);
    expect(res.statusCode).toBe(200);
    const after = res.json();
    const today = after.days.at(-1);
    const was = before.days.at(-1);
    expect(today.accounts).toBe(was.accounts + 1);
    expect(today.orders).toBe(was.orders + 1);
    expect(today.revenue).toBeCloseTo(was.revenue + 49.99, 2);
    expect(after.totals.accounts).toBe(before.totals.accounts + 1);
    expect(after.totals.revenue).toBeCloseTo(before.totals.revenue + 49.99, 2);
    expect(after).toMatchObject({
      open_reports: expect.any(Number),
      places_pending: expect.any(Number),
      walks_pending: expect.any(Number),
    });
  });

  it('exports the confirmed subscribers as escaped CSV with a header row', async () => {
    const admin = await createAccount('admin');
    const db = await getDb();
    const confirmedAt = new Date();
    await db.insert(newsletterSubscribers).values([
      { email: 'plain@example.com', locale: 'en', confirmedAt },
      { email: '=HYPERLINK("x")@example.com', locale: 'pl', confirmedAt },
      { email: '"quoted,comma"@example.com', locale: 'pl', confirmedAt },
      { email: 'unconfirmed@example.com', locale: 'pl' },
    ]);
    const res = await get('/api/admin/newsletter.csv', admin.auth);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="newsletter-${warsawToday()}.csv"`);
    const lines = res.body.split('\r\n');
    expect(lines[0]).toBe('email,language,confirmed_at,created_at');
    expect(lines.at(-1)).toBe('');
    expect(lines.find((l) => l.startsWith('plain@'))).toMatch(
      /^plain@example\.com,en,\d{4}-\d\d-\d\d \d\d:\d\d,\d{4}-\d\d-\d\d \d\d:\d\d$/,
    );
    expect(res.body).toContain(`"'=HYPERLINK(""x"")@example.com",pl,`);
    expect(res.body).toContain(`"""quoted,comma""@example.com",pl,`);
    expect(res.body).not.toContain('unconfirmed@example.com');
  });

  it('lists an entry written by recordAudit, newest first, with the changed keys only', async () => {
    const admin = await createAccount('admin');
    const db = await getDb();
    await db.transaction(async (tx) => {
      await recordAudit(tx, {
        adminId: admin.user.id,
        action: 'place.verify',
        target: 'place',
        targetId: 42,
        before: { verification_state: 'pending', name: 'Sala' },
        after: { verification_state: 'verified', name: 'Sala' },
      });
    });
    await recordAudit(db, {
      adminId: null,
      action: 'user.make_admin',
      target: 'user',
      targetId: admin.user.id,
    });

    const res = await get('/api/admin/audit?page=1', admin.auth);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ current_page: 1, per_page: 20 });
    expect(body.total).toBeGreaterThanOrEqual(2);
    const [newest, verify] = body.data;
    expect(newest).toMatchObject({ admin: null, action: 'user.make_admin', target: 'user', changes: [] });
    expect(verify).toMatchObject({
      admin: { id: admin.user.id, email: admin.user.email },
      action: 'place.verify',
      target: 'place',
      target_id: 42,
      changes: [{ key: 'verification_state', before: 'pending', after: 'verified' }],
    });
    expect(verify.date).toMatch(/^\d\d\.\d\d\.\d{4} \d\d:\d\d$/);
    expect((await get('/api/admin/audit?page=0', admin.auth)).statusCode).toBe(422);
  });
});
