import 'server-only';
import { and, eq, isNotNull, sql } from 'drizzle-orm';
import { getDb, type Tx } from '@/db/client';
import { eventImports, events, type ImportReportEntry, places } from '@/db/schema';
import { createEventBodySchema } from '@/lib/schemas/event';
import { createYielder } from '@/server/concurrency';
import { AppError, conflict } from '@/server/errors';
import type { EventSaveInput } from '@/server/events/event-row';
import { insertEvent } from '@/server/events/insert-event';
import { eventsLeftOf, hasCreationLeft } from '@/server/events/quota';
import { removeEvent } from '@/server/events/remove-event';
import { planSeries, type SeriesPlan } from '@/server/events/save-series';
import { updateImportedEvent } from '@/server/events/update-imported-event';
import { type FeedEntry, NotCalendarError } from './parse-ics';
import { FeedTooComplexError, parseFeedOffThread } from './parse-off-thread';
import { FeedFetchError, fetchFeed, type SafeFetchOptions } from './safe-fetch';

/** The first key of the advisory lock taken per place while a feed is applied (the second is the place). */
const importPlaceLock = 29_017;

/** How often the job re-reads a URL source (issue 17: hourly). */
export const importIntervalMs = 60 * 60_000;

export interface ImportSummary {
  status: string;
  created: number;
  updated: number;
  skipped: number;
  failed: number;
  report: ImportReportEntry[];
}

type ImportRow = typeof eventImports.$inferSelect;

/**
 * The field errors of an invalid VEVENT, one message key per field, as the event form shows them. A
 * calendar gives no prices nor places: the form's rules are checked with 0 in their stead, and the event
 * keeps them unknown (null), never 0, which would read as free entry and sold out (issue 29).
 */
function fieldErrorsOf(
  fields: Record<string, unknown>,
  importRow: ImportRow,
): { input: EventSaveInput; errors?: undefined } | { input?: undefined; errors: Record<string, string> } {
  const result = createEventBodySchema.safeParse({
    price_min: '0',
    price_max: '0',
    spots_left: '0',
    ...fields,
    category_id: String(importRow.categoryId),
    place_id: String(importRow.placeId),
    youtube: [],
    preloaded: [],
  });
  if (result.success)
    return { input: { ...result.data, priceMinGrosze: null, priceMaxGrosze: null, spots_left: null } };
  const errors: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const field = String(issue.path[0] ?? '_');
    errors[field] ??= issue.message;
  }
  return { errors };
}

/**
 * A repeating VEVENT's dates, or why they do not add up (an EXDATE on no date of the rule, every date
 * cancelled), as field errors like the form's. The plan is null for a single event.
 */
function seriesOf(
  input: EventSaveInput,
  now: Date,
): { plan: SeriesPlan | null } | { errors: Record<string, string> } {
  try {
    return { plan: planSeries(input, now) };
  } catch (error) {
    if (!(error instanceof AppError && error.code === 'validation')) throw error;
    const errors: Record<string, string> = {};
    for (const [field, problems] of Object.entries(error.fields ?? {}))
      errors[field] = problems[0]?.key ?? 'validation.invalid';
    return { errors };
  }
}

async function applyFeed(
  tx: Tx,
  importRow: ImportRow,
  entries: FeedEntry[],
  now: Date,
): Promise<ImportSummary> {
  const [place] = await tx.select().from(places).where(eq(places.id, importRow.placeId)).limit(1);
  if (!place) throw new AppError('not_found', 'api.not_found');
  // Issue 29: a UID is the place's, whichever import (another upload of the file, or its URL) made the
  // event, so a calendar read again updates its events and never makes them twice. Two imports of one
  // place apply their feeds one after the other (the lock is the transaction's).
  await tx.execute(sql`select pg_advisory_xact_lock(${importPlaceLock}, ${place.id})`);
  const known = new Map(
    (
      await tx
        .select({
          id: events.id,
          uid: events.importUid,
          importId: events.importId,
          name: events.name,
          startDate: events.startDate,
          endDate: events.endDate,
        })
        .from(events)
        .where(and(eq(events.placeId, place.id), isNotNull(events.importUid)))
    ).map((e) => [e.uid ?? '', e]),
  );
  // The quota is read once and counted down here, so an event the company has no creation left for is
  // refused before its rule is expanded; the conditional UPDATE of each creation still has the last word.
  let creationsLeft = await eventsLeftOf(tx, importRow.userId);
  const pause = createYielder();
  const report: ImportReportEntry[] = [];
  const seen = new Set<string>();
  const skip = (entry: { uid: string; name: string | null }, reason: string) =>
    report.push({ uid: entry.uid, name: entry.name, outcome: 'skipped', reason: `import.reason.${reason}` });

  for (const entry of entries) {
    await pause();
    if (entry.uid && seen.has(entry.uid)) {
      skip(entry, 'duplicate_uid');
      continue;
    }
    seen.add(entry.uid);
    const existing = known.get(entry.uid);
    if (entry.kind === 'skip') {
      skip(entry, entry.reason);
      continue;
    }
    if (entry.kind === 'cancelled') {
      if (!existing) skip(entry, 'cancelled');
      else {
        await removeEvent({ db: tx }, existing);
        report.push({ uid: entry.uid, name: entry.name, outcome: 'removed', eventId: existing.id });
      }
      continue;
    }
    if (entry.end && entry.end.getTime() <= now.getTime()) {
      skip(entry, 'already_over');
      continue;
    }
    if (!existing && !hasCreationLeft(creationsLeft)) {
      skip(entry, 'no_creations_left');
      continue;
    }
    const checked = fieldErrorsOf(entry.fields, importRow);
    const fail = (fields: Record<string, string>) =>
      report.push({
        uid: entry.uid,
        name: entry.name,
        outcome: 'failed',
        reason: 'import.reason.invalid',
        fields,
      });
    if (!checked.input) {
      fail(checked.errors);
      continue;
    }
    const series = seriesOf(checked.input, now);
    if ('errors' in series) {
      fail(series.errors);
      continue;
    }
    // A series is over when its last date is: the one shown is then its last (save-series.ts).
    if (series.plan && series.plan.current.end.getTime() <= now.getTime()) {
      skip(entry, 'already_over');
      continue;
    }
    if (existing) {
      // The event now belongs to this import: its report lists it, and deleting the old import is harmless.
      if (existing.importId !== importRow.id)
        await tx.update(events).set({ importId: importRow.id }).where(eq(events.id, existing.id));
      const changed = await updateImportedEvent(
        { db: tx },
        {
          eventId: existing.id,
          input: checked.input,
          place,
          series: series.plan,
        },
      );
      report.push({
        uid: entry.uid,
        name: entry.name,
        outcome: changed ? 'updated' : 'unchanged',
        eventId: existing.id,
      });
      continue;
    }
    try {
      const created = await insertEvent(
        { db: tx },
        {
          actorId: importRow.userId,
          input: checked.input,
          place,
          extra: { importId: importRow.id, importUid: entry.uid },
          series: series.plan,
        },
      );
      creationsLeft = created.eventsLeft;
      report.push({ uid: entry.uid, name: entry.name, outcome: 'created', eventId: created.id });
    } catch (error) {
      // The quota is taken by a conditional UPDATE that found nothing: no SQL failed, the run goes on.
      if (!(error instanceof AppError && error.code === 'quota_exceeded')) throw error;
      creationsLeft = 0;
      skip(entry, 'no_creations_left');
    }
  }
  // Only this import's own events are missing from it; another calendar of the place has its own.
  for (const [uid, event] of known) {
    if (!seen.has(uid) && event.importId === importRow.id)
      report.push({
        uid,
        name: event.name,
        outcome: 'missing',
        reason: 'import.reason.missing',
        eventId: event.id,
      });
  }
  const count = (...outcomes: ImportReportEntry['outcome'][]) =>
    report.filter((r) => outcomes.includes(r.outcome)).length;
  return {
    status: 'ok',
    created: count('created'),
    updated: count('updated', 'removed'),
    skipped: count('skipped', 'missing'),
    failed: count('failed'),
    report,
  };
}

async function readSource(importRow: ImportRow, file: string | undefined, fetch: SafeFetchOptions) {
  if (file !== undefined) return file;
  if (!importRow.url) throw conflict('import.file_not_rerun');
  return fetchFeed(importRow.url, fetch);
}

/**
 * One run of an import: read the feed, then apply all of it in one transaction (the import's row locked,
 * so two runs of one source never interleave). A feed that cannot be read or is no iCalendar changes no
 * event; its reason becomes the import's status.
 */
export async function runImport({
  importId,
  file,
  now = new Date(),
  fetch = {},
}: {
  importId: number;
  /** The text of an uploaded file; URL sources are fetched. */
  file?: string;
  now?: Date;
  fetch?: SafeFetchOptions;
}): Promise<ImportSummary> {
  const db = await getDb();
  const [importRow] = await db.select().from(eventImports).where(eq(eventImports.id, importId)).limit(1);
  if (!importRow) throw new AppError('not_found', 'api.not_found');
  const nextRunAt = importRow.url ? new Date(now.getTime() + importIntervalMs) : null;
  let source: string;
  try {
    source = await readSource(importRow, file, fetch);
  } catch (error) {
    if (!(error instanceof FeedFetchError)) throw error;
    return recordFailure(importRow, `import.status.${error.reason}`, now, nextRunAt);
  }
  let entries: FeedEntry[];
  try {
    entries = await parseFeedOffThread(source);
  } catch (error) {
    if (error instanceof NotCalendarError)
      return recordFailure(importRow, 'import.status.not_calendar', now, nextRunAt);
    if (error instanceof FeedTooComplexError)
      return recordFailure(importRow, 'import.status.too_complex', now, nextRunAt);
    throw error;
  }
  return db.transaction(async (tx) => {
    const [locked] = await tx.select().from(eventImports).where(eq(eventImports.id, importId)).for('update');
    if (!locked) throw new AppError('not_found', 'api.not_found');
    const summary = await applyFeed(tx as Tx, locked, entries, now);
    await tx
      .update(eventImports)
      .set({
        lastRunAt: now,
        lastStatus: summary.status,
        createdCount: summary.created,
        updatedCount: summary.updated,
        skippedCount: summary.skipped,
        failedCount: summary.failed,
        report: summary.report,
        nextRunAt,
        updatedAt: now,
      })
      .where(eq(eventImports.id, importId));
    return summary;
  });
}

async function recordFailure(
  importRow: ImportRow,
  status: string,
  now: Date,
  nextRunAt: Date | null,
): Promise<ImportSummary> {
  const db = await getDb();
  // The previous run's report stays: the events it describes are unchanged.
  await db
    .update(eventImports)
    .set({ lastRunAt: now, lastStatus: status, nextRunAt, updatedAt: now })
    .where(eq(eventImports.id, importRow.id));
  return { status, created: 0, updated: 0, skipped: 0, failed: 0, report: [] };
}
