import 'server-only';
import { and, eq, gt, inArray, isNull, lte, type SQL, sql } from 'drizzle-orm';
import { getConfig } from '@/config';
import { type DbOrTx, getDb, rowsOf } from '@/db/client';
import { eventPromotions, events, homeAds, users } from '@/db/schema';
import { translate } from '@/i18n/translate';
import { formatDate } from '@/lib/format';
import type { Locale } from '@/lib/locale';
import type { PromotionReport, PromotionReportKind } from '@/lib/schemas/promotion-reports';
import { formatFigure, formatShare, promotionReportsPath } from '@/lib/stats-format';
import { warsawParts } from '@/lib/warsaw-time';
import type { AuthUser } from '@/server/auth/access-tokens';
import { startPeriodicJob } from '@/server/jobs/periodic-job';
import { enqueueMail, kickMailWorker } from '@/server/mail/outbox';
import { statsCompany, statsCompanyFor } from './company-stats';
import { flushStats } from './counter';

// Issue 28 point 3: what each paid promotion and home-page ad delivered, read from the daily counts
// (daily_stats) of its subject: the promoted event, or the place the ad leads to.

/** A promotion that ended longer ago than this is not mailed about any more (the job's window). */
export const reportMailWindowDays = 30;

interface ReportRow {
  kind: PromotionReportKind;
  id: number;
  name: string;
  subject: 'event' | 'place';
  subject_id: number | null;
  subject_name: string | null;
  starts_at: Date | string;
  ends_at: Date | string;
  report_mailed_at: Date | string | null;
  days: number;
  impressions: number;
  clicks: number;
  views: number;
  visitors: number;
  days_without: number;
  views_without: number;
  visitors_without: number;
}

function warsawDay(now: Date): string {
  const p = warsawParts(now);
  return `${p.year}-${p.month}-${p.day}`;
}

/**
 * One query for all the promotions and ads of a company (or the one `only` names): each one's Warsaw
 * days so far (from its start's day to its end's, no later than today), the same number of days just
 * before it (less those before its event or place was created and those under another promotion of it),
 * and the sums of its counts over both. The days are joined to daily_stats by its primary key, so the
 * cost grows with the days reported, not with the table.
 */
async function reportRows(
  db: DbOrTx,
  {
    companyId,
    only,
    now,
  }: { companyId: number; only?: { kind: PromotionReportKind; id: number }; now: Date },
): Promise<ReportRow[]> {
  const filter: SQL = only ? sql`where c.kind = ${only.kind} and c.id = ${only.id}` : sql``;
  const result = await db.execute(sql`
    with items as (
      select 'promotion'::text as kind, p.id, e.name::text as name, 'event'::text as subject,
        p.event_id as subject_id, e.name::text as subject_name, e.created_at as subject_created_at,
        p.starts_at, p.ends_at, p.report_mailed_at,
        'carousel_impression'::text as impression_a, 'list_impression'::text as impression_b,
        'carousel_click'::text as click_a, 'list_click'::text as click_b
      from event_promotions p join events e on e.id = p.event_id
      where e.user_id = ${companyId}
      union all
      select 'home_ad', a.id, a.name::text, 'place', a.place_id, pl.name::text, pl.created_at,
        a.starts_at, a.ends_at, a.report_mailed_at,
        'ad_impression', 'ad_impression', 'ad_click', 'ad_click'
      from home_ads a left join places pl on pl.id = a.place_id
      where a.user_id = ${companyId}
    ),
    spans as (
      -- An end at midnight closes the day before: the last instant covered is just before ends_at.
      select i.*, (i.starts_at at time zone 'Europe/Warsaw')::date as first_day,
        ((i.ends_at - interval '1 microsecond') at time zone 'Europe/Warsaw')::date as end_day
      from items i
    ),
    counted as (
      select s.*, greatest(least(s.end_day, ${warsawDay(now)}::date) - s.first_day + 1, 0) as n
      from spans s
    ),
    promo_days as (
      select c.kind, c.id, c.first_day + k as day
      from counted c cross join lateral generate_series(0, c.n - 1) k
    ),
    base_days as (
      select c.kind, c.id, c.first_day - c.n + k as day
      from counted c cross join lateral generate_series(0, c.n - 1) k
      where c.first_day - c.n + k >= (c.subject_created_at at time zone 'Europe/Warsaw')::date
        and not exists (
          select 1 from spans o
          where o.subject = c.subject and o.subject_id = c.subject_id
            and not (o.kind = c.kind and o.id = c.id)
            and c.first_day - c.n + k between o.first_day and o.end_day
        )
    ),
    figures as (
      select x.kind, x.id, x.period, count(distinct x.day)::int as days,
        coalesce(sum(d.count) filter (where d.measure in (c.impression_a, c.impression_b)), 0)::int as impressions,
        coalesce(sum(d.count) filter (where d.measure in (c.click_a, c.click_b)), 0)::int as clicks,
        coalesce(sum(d.count) filter (where d.measure = 'view'), 0)::int as views,
        coalesce(sum(d.count) filter (where d.measure = 'visitor'), 0)::int as visitors
      from (
        select kind, id, day, 'with' as period from promo_days
        union all
        select kind, id, day, 'without' from base_days
      ) x
      join counted c on c.kind = x.kind and c.id = x.id
      left join daily_stats d on d.subject = c.subject and d.subject_id = c.subject_id and d.day = x.day
        and d.measure in ('view', 'visitor', c.impression_a, c.impression_b, c.click_a, c.click_b)
      group by x.kind, x.id, x.period
    )
    select c.kind, c.id, c.name, c.subject, c.subject_id, c.subject_name, c.starts_at, c.ends_at,
      c.report_mailed_at,
      coalesce(w.days, 0) as days, coalesce(w.impressions, 0) as impressions, coalesce(w.clicks, 0) as clicks,
      coalesce(w.views, 0) as views, coalesce(w.visitors, 0) as visitors,
      coalesce(b.days, 0) as days_without, coalesce(b.views, 0) as views_without,
      coalesce(b.visitors, 0) as visitors_without
    from counted c
    left join figures w on w.kind = c.kind and w.id = c.id and w.period = 'with'
    left join figures b on b.kind = c.kind and b.id = c.id and b.period = 'without'
    ${filter}
    order by c.starts_at desc, c.kind, c.id
  `);
  return rowsOf<ReportRow>(result);
}

const perDay = (total: number, days: number) => (days > 0 ? Math.round((total / days) * 10) / 10 : null);
const iso = (value: Date | string) => new Date(value).toISOString();

function toReport(row: ReportRow, now: Date): PromotionReport {
  const startsAt = new Date(row.starts_at);
  const endsAt = new Date(row.ends_at);
  const [days, impressions, clicks] = [Number(row.days), Number(row.impressions), Number(row.clicks)];
  const daysWithout = Number(row.days_without);
  return {
    id: Number(row.id),
    kind: row.kind,
    name: row.name,
    subject:
      row.subject_id === null || row.subject_name === null
        ? null
        : { type: row.subject, id: Number(row.subject_id), name: row.subject_name },
    starts_at: startsAt.toISOString(),
    ends_at: endsAt.toISOString(),
    status: now < startsAt ? 'scheduled' : now >= endsAt ? 'ended' : 'running',
    days,
    impressions,
    clicks,
    ctr: impressions > 0 ? Math.round((clicks / impressions) * 10_000) / 10_000 : null,
    comparison: {
      views_per_day: perDay(Number(row.views), days),
      visitors_per_day: perDay(Number(row.visitors), days),
      days_without: daysWithout,
      views_per_day_without: perDay(Number(row.views_without), daysWithout),
      visitors_per_day_without: perDay(Number(row.visitors_without), daysWithout),
    },
    report_mailed_at: row.report_mailed_at === null ? null : iso(row.report_mailed_at),
  };
}

/**
 * GET /api/user/promotion_reports: every promotion and home-page ad of the company, newest first. Who
 * may read whose is the rule of /account/stats (a company its own, an admin any company it names); 404
 * when the named account is no company.
 */
export async function listPromotionReports({
  actor,
  companyId,
  now = new Date(),
}: {
  actor: AuthUser;
  companyId?: number;
  now?: Date;
}): Promise<{ company: { id: number; name: string }; reports: PromotionReport[] }> {
  const id = statsCompanyFor({ actor, companyId });
  const db = await getDb();
  const company = await statsCompany(db, id);
  const rows = await reportRows(db, { companyId: id, now });
  return { company, reports: rows.map((row) => toReport(row, now)) };
}

/** The report of one promotion or ad (null when there is none), for the mail; no caller is checked. */
export async function promotionReport({
  kind,
  id,
  now = new Date(),
  db,
}: {
  kind: PromotionReportKind;
  id: number;
  now?: Date;
  /** The transaction of the caller, so the report reads what it has claimed. */
  db?: DbOrTx;
}): Promise<PromotionReport | null> {
  const conn = db ?? (await getDb());
  const owner =
    kind === 'promotion'
      ? conn
          .select({ companyId: events.userId })
          .from(eventPromotions)
          .innerJoin(events, eq(events.id, eventPromotions.eventId))
          .where(eq(eventPromotions.id, id))
      : conn.select({ companyId: homeAds.userId }).from(homeAds).where(eq(homeAds.id, id));
  const [found] = await owner;
  if (!found) return null;
  const [row] = await reportRows(conn, { companyId: found.companyId, only: { kind, id }, now });
  return row ? toReport(row, now) : null;
}

/**
 * The sentences of the report in the buyer's language, for the mail's body: the same texts the page
 * shows (`promotion_report.*`), so the two never tell different stories.
 */
export function reportMailValues(report: PromotionReport, locale: Locale): Record<string, string> {
  const t = (key: string, values: Record<string, string | number> = {}) =>
    translate(locale, `promotion_report.${key}`, values);
  const n = (value: number) => formatFigure(value, locale);
  const c = report.comparison;
  const sentences: string[] = [];
  if (c.views_per_day !== null && c.visitors_per_day !== null) {
    if (c.views_per_day_without !== null && c.visitors_per_day_without !== null) {
      sentences.push(
        t('views', { views: c.views_per_day, without: c.views_per_day_without }),
        t('visitors', { visitors: c.visitors_per_day, without: c.visitors_per_day_without }),
        t('basis', { days: c.days_without }),
      );
    } else {
      sentences.push(
        t('views_only', { views: c.views_per_day }),
        t('visitors_only', { visitors: c.visitors_per_day }),
        t('no_basis'),
      );
    }
  }
  return {
    what: t(`what.${report.kind}`, { name: report.name }),
    from: formatDate(report.starts_at),
    until: formatDate(report.ends_at),
    figures: t('figures', {
      impressions: n(report.impressions),
      clicks: n(report.clicks),
      ctr: report.ctr === null ? t('no_impressions') : formatShare(report.ctr, locale),
    }),
    comparison: sentences.join(' '),
  };
}

interface Claimed {
  kind: PromotionReportKind;
  id: number;
  email: string;
  locale: Locale;
  name: string | null;
}

/**
 * Claims ended promotions or ads not yet mailed about: one conditional UPDATE, so of two processes
 * racing each row goes to one (the other's UPDATE finds report_mailed_at set and skips it).
 */
async function claimEnded(
  tx: DbOrTx,
  kind: PromotionReportKind,
  now: Date,
  limit: number,
): Promise<Claimed[]> {
  const since = new Date(now.getTime() - reportMailWindowDays * 86_400_000);
  const table = kind === 'promotion' ? eventPromotions : homeAds;
  const due = and(isNull(table.reportMailedAt), lte(table.endsAt, now), gt(table.endsAt, since));
  // SKIP LOCKED keeps the other process off the rows this one is claiming; the UPDATE's own
  // `report_mailed_at is null` makes the claim hold even where rows are read without locks.
  const picked =
    kind === 'promotion'
      ? await tx
          .select({ id: eventPromotions.id })
          .from(eventPromotions)
          .where(due)
          .orderBy(eventPromotions.endsAt)
          .limit(limit)
          .for('update', { skipLocked: true })
      : await tx
          .select({ id: homeAds.id })
          .from(homeAds)
          .where(due)
          .orderBy(homeAds.endsAt)
          .limit(limit)
          .for('update', { skipLocked: true });
  if (picked.length === 0) return [];
  const ids = picked.map((p) => p.id);
  const claimed =
    kind === 'promotion'
      ? await tx
          .update(eventPromotions)
          .set({ reportMailedAt: now })
          .where(and(inArray(eventPromotions.id, ids), isNull(eventPromotions.reportMailedAt)))
          .returning({ id: eventPromotions.id })
      : await tx
          .update(homeAds)
          .set({ reportMailedAt: now })
          .where(and(inArray(homeAds.id, ids), isNull(homeAds.reportMailedAt)))
          .returning({ id: homeAds.id });
  if (claimed.length === 0) return [];
  const buyers =
    kind === 'promotion'
      ? await tx
          .select({
            id: eventPromotions.id,
            email: users.email,
            locale: users.locale,
            name: users.companyName,
          })
          .from(eventPromotions)
          .innerJoin(events, eq(events.id, eventPromotions.eventId))
          .innerJoin(users, eq(users.id, events.userId))
          .where(
            inArray(
              eventPromotions.id,
              claimed.map((c) => c.id),
            ),
          )
      : await tx
          .select({ id: homeAds.id, email: users.email, locale: users.locale, name: users.companyName })
          .from(homeAds)
          .innerJoin(users, eq(users.id, homeAds.userId))
          .where(
            inArray(
              homeAds.id,
              claimed.map((c) => c.id),
            ),
          );
  return buyers.map((b) => ({ kind, ...b }));
}

/**
 * Mails each buyer the report of its promotions and ads that have ended, once: the row is marked in the
 * transaction that queues the mail, so a rolled-back run sends nothing and marks nothing.
 */
export async function mailEndedPromotionReports({
  now = new Date(),
  limit = 100,
}: {
  now?: Date;
  limit?: number;
} = {}): Promise<{ mailed: number }> {
  // The last hours' counts of this process go into the report too.
  await flushStats();
  const db = await getDb();
  const link = `${getConfig().publicUrl}${promotionReportsPath}`;
  const mailed = await db.transaction(async (tx) => {
    let queued = 0;
    for (const kind of ['promotion', 'home_ad'] as const) {
      for (const buyer of await claimEnded(tx, kind, now, limit)) {
        const report = await promotionReport({ kind, id: buyer.id, now, db: tx });
        if (!report) continue;
        await enqueueMail(tx, {
          to: buyer.email,
          locale: buyer.locale,
          template: 'promotion_report',
          params: { link, name: buyer.name, values: reportMailValues(report, buyer.locale) },
        });
        queued += 1;
      }
    }
    return queued;
  });
  if (mailed > 0) kickMailWorker();
  return { mailed };
}

/** Mails the reports now and every hour; the returned function stops it after a run in progress. */
export function startPromotionReportJob({ intervalMs = 60 * 60_000 }: { intervalMs?: number } = {}) {
  return startPeriodicJob('promotion-reports', () => mailEndedPromotionReports(), intervalMs);
}
