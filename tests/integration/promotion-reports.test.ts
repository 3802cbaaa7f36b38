import { describe, expect, it } from 'vitest';
import { getDb } from '@/db/client';
import { dailyStats, eventPromotions, homeAds } from '@/db/schema';
import { insertEvent } from '@/test-support/fixtures';
import { createAccount, createOrganiser, setupApi } from '../helpers/api';
import { setupTestDb } from '../helpers/db';

// Issue 28 point 3: GET /api/user/promotion_reports answers a company its own promotions and ads, an
// admin the company it names, and nobody else.

setupTestDb();
const api = setupApi();

const get = (headers: Record<string, string>, query = '') =>
  api().inject({ method: 'GET', url: `/api/user/promotion_reports${query}`, headers });

/** A company with one ended promotion of its event, with impressions and clicks, and one ad. */
async function companyWithPromotion() {
  const organiser = await createOrganiser();
  const event = await insertEvent(organiser.user.id, organiser.placeId);
  const db = await getDb();
  const startsAt = new Date(Date.now() - 5 * 86_400_000);
  const endsAt = new Date(Date.now() - 2 * 86_400_000);
  const [promotion] = await db
    .insert(eventPromotions)
    .values({ eventId: event.id, startsAt, endsAt })
    .returning({ id: eventPromotions.id });
  await db
    .insert(homeAds)
    .values({ userId: organiser.user.id, placeId: organiser.placeId, name: 'Lato', startsAt, endsAt });
  const day = new Date(Date.now() - 3 * 86_400_000).toISOString().slice(0, 10);
  await db.insert(dailyStats).values([
    { subject: 'event', subjectId: event.id, day, measure: 'carousel_impression', count: 40 },
    { subject: 'event', subjectId: event.id, day, measure: 'carousel_click', count: 2 },
  ]);
  return { ...organiser, eventId: event.id, promotionId: promotion?.id };
}

describe('GET /api/user/promotion_reports', () => {
  it('is 401 for a guest, also with a malformed query', async () => {
    expect((await get({})).statusCode).toBe(401);
    expect((await get({}, '?company_id=abc')).statusCode).toBe(401);
  });

  it('answers a company its own promotions and ads with the figures, private', async () => {
    const company = await companyWithPromotion();
    await companyWithPromotion();
    const response = await get(company.auth);
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('private, no-store');
    const body = response.json();
    expect(body.company.id).toBe(company.user.id);
    expect(body.data).toHaveLength(2);
    const promotion = body.data.find((r: { kind: string }) => r.kind === 'promotion');
    expect(promotion).toMatchObject({
      id: company.promotionId,
      status: 'ended',
      impressions: 40,
      clicks: 2,
      ctr: 0.05,
      subject: { type: 'event', id: company.eventId },
    });
    expect(body.data.find((r: { kind: string }) => r.kind === 'home_ad')).toMatchObject({ name: 'Lato' });
  });

  it('is 403 to an attendee and to a company naming another company', async () => {
    const attendee = await createAccount('user');
    const company = await companyWithPromotion();
    const another = await companyWithPromotion();
    expect((await get(attendee.auth)).statusCode).toBe(403);
    expect((await get(company.auth, `?company_id=${another.user.id}`)).statusCode).toBe(403);
    expect((await get(company.auth, `?company_id=${company.user.id}`)).statusCode).toBe(200);
  });

  it('lets an admin read any company it names: 422 without one or with a bad one, 404 for no company', async () => {
    const admin = await createAccount('admin');
    const company = await companyWithPromotion();
    const attendee = await createAccount('user');
    const missing = await get(admin.auth);
    expect(missing.statusCode).toBe(422);
    expect(Object.keys(missing.json().errors ?? {})).toContain('company_id');
    expect((await get(admin.auth, '?company_id=abc')).statusCode).toBe(422);
    expect((await get(admin.auth, '?company_id=0')).statusCode).toBe(422);
    expect((await get(admin.auth, `?company_id=${attendee.user.id}`)).statusCode).toBe(404);
    const response = await get(admin.auth, `?company_id=${company.user.id}`);
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toHaveLength(2);
  });
});
