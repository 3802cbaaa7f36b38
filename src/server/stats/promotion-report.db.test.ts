import { and, eq, inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { getDb } from '@/db/client';
import { dailyStats, eventPromotions, events, homeAds, mailOutbox, places } from '@/db/schema';
import type { StatMeasure } from '@/lib/stats-measures';
import type { AuthUser } from '@/server/auth/access-tokens';
import { insertActor, insertEvent, insertPlace } from '@/test-support/fixtures';
import { listPromotionReports, mailEndedPromotionReports, promotionReport } from './promotion-report';

// Issue 28 point 3: what a promotion delivered, over its Warsaw days, beside the days just before it,
// and the one mail to its buyer after it ends.

const now = new Date('2026-06-15T10:00:00Z');
let company: AuthUser;
let other: AuthUser;
let eventId: number;
let runningEventId: number;
let placeId: number;
const ids = { earlier: 0, ended: 0, scheduled: 0, running: 0, ad: 0, otherAd: 0 };

async function count(subject: 'event' | 'place', subjectId: number, rows: [string, StatMeasure, number][]) {
  const db = await getDb();
  await db
    .insert(dailyStats)
    .values(rows.map(([day, measure, n]) => ({ subject, subjectId, day, measure, count: n })));
}

async function promote(event: number, startsAt: string, endsAt: string): Promise<number> {
  const db = await getDb();
  const [row] = await db
    .insert(eventPromotions)
    .values({ eventId: event, startsAt: new Date(startsAt), endsAt: new Date(endsAt) })
    .returning({ id: eventPromotions.id });
  if (!row) throw new Error('no promotion');
  return row.id;
}

async function advertise(owner: number, place: number | null, startsAt: string, endsAt: string) {
  const db = await getDb();
  const [row] = await db
    .insert(homeAds)
    .values({
      userId: owner,
      placeId: place,
      name: 'Lato',
      startsAt: new Date(startsAt),
      endsAt: new Date(endsAt),
    })
    .returning({ id: homeAds.id });
  if (!row) throw new Error('no ad');
  return row.id;
}

beforeAll(async () => {
  const db = await getDb();
  company = await insertActor('company', { email: `promo-${Date.now()}@example.com`, locale: 'pl' });
  other = await insertActor('company', { email: `promo-other-${Date.now()}@example.com`, locale: 'en' });
  const place = await insertPlace(company.id);
  placeId = place.id;
  await db
    .update(places)
    .set({ createdAt: new Date('2026-05-30T08:00:00Z') })
    .where(eq(places.id, placeId));
  eventId = (await insertEvent(company.id, placeId)).id;
  runningEventId = (await insertEvent(company.id, placeId)).id;
  await db
    .update(events)
    .set({ createdAt: new Date('2026-05-01T08:00:00Z') })
    .where(inArray(events.id, [eventId, runningEventId]));

  // 10:00 Warsaw on 10 June to 10:00 on 13 June: four Warsaw days, 10–13 June.
  ids.ended = await promote(eventId, '2026-06-10T08:00:00Z', '2026-06-13T08:00:00Z');
  // An earlier promotion of the same event covers 5–6 June, so 6 June is no day "without promotion".
  ids.earlier = await promote(eventId, '2026-06-05T10:00:00Z', '2026-06-06T12:00:00Z');
  ids.scheduled = await promote(eventId, '2026-06-20T08:00:00Z', '2026-06-27T08:00:00Z');
  ids.running = await promote(runningEventId, '2026-06-14T08:00:00Z', '2026-06-20T08:00:00Z');
  // Midnight to midnight in Warsaw: 2–8 June; the end's own day (9 June) is not the ad's.
  ids.ad = await advertise(company.id, placeId, '2026-06-01T22:00:00Z', '2026-06-08T22:00:00Z');

  await count('event', eventId, [
    ['2026-06-09', 'carousel_impression', 999],
    ['2026-06-10', 'carousel_impression', 100],
    ['2026-06-11', 'list_impression', 50],
    ['2026-06-14', 'carousel_impression', 999],
    ['2026-06-10', 'carousel_click', 5],
    ['2026-06-12', 'list_click', 1],
    ['2026-06-10', 'view', 40],
    ['2026-06-11', 'view', 40],
    ['2026-06-12', 'view', 50],
    ['2026-06-13', 'view', 38],
    ['2026-06-10', 'visitor', 4],
    ['2026-06-11', 'visitor', 4],
    ['2026-06-12', 'visitor', 4],
    ['2026-06-13', 'visitor', 4],
    ['2026-06-06', 'view', 500],
    ['2026-06-07', 'view', 10],
    ['2026-06-08', 'view', 12],
    ['2026-06-09', 'view', 14],
    ['2026-06-07', 'visitor', 3],
    ['2026-06-08', 'visitor', 3],
    ['2026-06-09', 'visitor', 3],
    ['2026-06-10', 'share', 77],
  ]);
  await count('place', placeId, [
    ['2026-06-02', 'ad_impression', 70],
    ['2026-06-09', 'ad_impression', 1000],
    ['2026-06-08', 'ad_click', 7],
    ['2026-06-02', 'view', 14],
    ['2026-05-29', 'view', 900],
    ['2026-05-30', 'view', 3],
    ['2026-05-31', 'view', 3],
    ['2026-06-01', 'view', 3],
  ]);

  const otherPlace = await insertPlace(other.id);
  const otherEvent = await insertEvent(other.id, otherPlace.id);
  await promote(otherEvent.id, '2026-06-10T08:00:00Z', '2026-06-13T08:00:00Z');
  ids.otherAd = await advertise(other.id, otherPlace.id, '2026-06-01T22:00:00Z', '2026-06-08T22:00:00Z');
  await count('event', otherEvent.id, [['2026-06-10', 'carousel_impression', 5]]);
});

describe('the promotion report', () => {
  it('sums impressions and clicks over the Warsaw days of the promotion, with the CTR', async () => {
    const report = await promotionReport({ kind: 'promotion', id: ids.ended, now });
    expect(report).toMatchObject({
      kind: 'promotion',
      status: 'ended',
      subject: { type: 'event', id: eventId },
      days: 4,
      impressions: 150,
      clicks: 6,
      ctr: 0.04,
    });
  });

  it('compares with as many days just before it, leaving out days under another promotion', async () => {
    const report = await promotionReport({ kind: 'promotion', id: ids.ended, now });
    expect(report?.comparison).toEqual({
      views_per_day: 42,
      visitors_per_day: 4,
      days_without: 3,
      views_per_day_without: 12,
      visitors_per_day_without: 3,
    });
  });

  it("counts a home-page ad's own impressions of its place, not days before the place existed", async () => {
    const report = await promotionReport({ kind: 'home_ad', id: ids.ad, now });
    expect(report).toMatchObject({
      subject: { type: 'place', id: placeId },
      days: 7,
      impressions: 70,
      clicks: 7,
      ctr: 0.1,
      comparison: { views_per_day: 2, days_without: 3, views_per_day_without: 3 },
    });
  });

  it("lists the company's own promotions and ads only, with running and scheduled ones", async () => {
    const { reports: list } = await listPromotionReports({ actor: company, now });
    expect(list.map((r) => [r.kind, r.id]).sort()).toEqual(
      [
        ['home_ad', ids.ad],
        ['promotion', ids.earlier],
        ['promotion', ids.ended],
        ['promotion', ids.running],
        ['promotion', ids.scheduled],
      ].sort(),
    );
    const running = list.find((r) => r.kind === 'promotion' && r.id === ids.running);
    expect(running).toMatchObject({ status: 'running', days: 2 });
    const scheduled = list.find((r) => r.kind === 'promotion' && r.id === ids.scheduled);
    expect(scheduled).toMatchObject({ status: 'scheduled', days: 0, impressions: 0, ctr: null });
    expect(scheduled?.comparison).toMatchObject({ views_per_day: null, days_without: 0 });
  });

  it('is refused to other accounts; an admin names the company', async () => {
    const user = await insertActor('user');
    const admin = await insertActor('admin');
    await expect(listPromotionReports({ actor: user, now })).rejects.toMatchObject({ code: 'forbidden' });
    await expect(listPromotionReports({ actor: company, companyId: other.id, now })).rejects.toMatchObject({
      code: 'forbidden',
    });
    await expect(listPromotionReports({ actor: admin, now })).rejects.toMatchObject({ code: 'validation' });
    await expect(listPromotionReports({ actor: admin, companyId: user.id, now })).rejects.toMatchObject({
      code: 'not_found',
    });
    const { reports: theirs } = await listPromotionReports({ actor: admin, companyId: other.id, now });
    expect(theirs.map((r) => r.kind).sort()).toEqual(['home_ad', 'promotion']);
    expect(theirs.find((r) => r.kind === 'promotion')?.impressions).toBe(5);
  });
});

describe('the report mail', () => {
  const mailsTo = async (email: string) => {
    const db = await getDb();
    return db
      .select({ subject: mailOutbox.subject, text: mailOutbox.text, html: mailOutbox.html })
      .from(mailOutbox)
      .where(eq(mailOutbox.to, email));
  };

  it('goes once per ended promotion or ad, even when two runs race, and marks it mailed', async () => {
    await Promise.all([mailEndedPromotionReports({ now }), mailEndedPromotionReports({ now })]);
    expect((await mailEndedPromotionReports({ now })).mailed).toBe(0);
    // The earlier and the ended promotion and the ad; not the running or the scheduled one.
    const mine = await mailsTo(company.email);
    expect(mine).toHaveLength(3);
    const theirs = await mailsTo(other.email);
    expect(theirs).toHaveLength(2);

    const db = await getDb();
    const marked = await db
      .select({ id: eventPromotions.id, at: eventPromotions.reportMailedAt })
      .from(eventPromotions)
      .where(inArray(eventPromotions.id, [ids.ended, ids.earlier, ids.running, ids.scheduled]));
    const at = new Map(marked.map((m) => [m.id, m.at]));
    expect(at.get(ids.ended)).toEqual(now);
    expect(at.get(ids.earlier)).toEqual(now);
    expect(at.get(ids.running)).toBeNull();
    expect(at.get(ids.scheduled)).toBeNull();
    const [ad] = await db
      .select()
      .from(homeAds)
      .where(and(eq(homeAds.id, ids.ad)));
    expect(ad?.reportMailedAt).toEqual(now);
  });

  it("tells the figures in the buyer's language and links to the report page", async () => {
    const mine = await mailsTo(company.email);
    const ended = mine.find((m) => m.text.includes('10.06.2026'));
    expect(ended?.text).toContain('Wyświetlenia: 150, kliknięcia: 6, klikalność (CTR): 4%.');
    expect(ended?.text).toContain(
      'Średnio 42 wyświetlenia strony dziennie w czasie promocji, 12 bez promocji.',
    );
    expect(ended?.text).toContain('3 dni tuż przed');
    expect(ended?.text).toContain('/account/stats/promotions');
    expect(ended?.html).toContain('/account/stats/promotions');
    const theirs = await mailsTo(other.email);
    expect(theirs[0]?.subject).toBe('Your promotion has ended – see the results');
  });

  it('is not sent for a promotion still running, until it ends', async () => {
    expect((await mailEndedPromotionReports({ now: new Date('2026-06-19T10:00:00Z') })).mailed).toBe(0);
    expect((await mailEndedPromotionReports({ now: new Date('2026-06-21T10:00:00Z') })).mailed).toBe(1);
  });
});
