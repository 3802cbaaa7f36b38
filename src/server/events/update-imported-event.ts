import 'server-only';
import { desc, eq } from 'drizzle-orm';
import type { Tx } from '@/db/client';
import { eventOccurrences, events, type places } from '@/db/schema';
import { type DbContext, withTransaction } from '@/server/context';
import { type EventSaveInput, eventRow } from './event-row';
import { notifyEventEdited } from './notify-followers';
import { type SeriesPlan, seriesExceptionsOf, writeSeries } from './save-series';
import type { SeriesException } from './series';

/**
 * An imported event read again: only what the calendar says (name, description, times, ticket link, a
 * series' rule and exceptions) is written, so what the company set in the form (category, prices, places
 * left, pictures, address) stays. Followers are told only of a real change: the import reads its
 * calendar every hour. True when changed.
 */
export async function updateImportedEvent(
  ctx: DbContext,
  {
    eventId,
    input,
    place,
    series,
  }: {
    eventId: number;
    input: EventSaveInput;
    place: typeof places.$inferSelect;
    /** The import's `planSeries` of the input, made once with the run's clock. */
    series: SeriesPlan | null;
  },
): Promise<boolean> {
  return withTransaction(ctx, (tx) => rereadIn(tx, { eventId, input, place, series }));
}

async function rereadIn(
  tx: Tx,
  {
    eventId,
    input,
    place,
    series,
  }: { eventId: number; input: EventSaveInput; place: typeof places.$inferSelect; series: SeriesPlan | null },
): Promise<boolean> {
  const row = eventRow(input, place, series);
  const fromCalendar = {
    name: row.name,
    description: row.description,
    startDate: row.startDate,
    endDate: row.endDate,
    buyTicketUrl: row.buyTicketUrl,
    repeatRule: row.repeatRule,
    seriesStart: row.seriesStart,
    seriesEnd: row.seriesEnd,
  };
  const [current] = await tx
    .select({
      name: events.name,
      description: events.description,
      startDate: events.startDate,
      endDate: events.endDate,
      buyTicketUrl: events.buyTicketUrl,
      repeatRule: events.repeatRule,
      seriesStart: events.seriesStart,
      seriesEnd: events.seriesEnd,
    })
    .from(events)
    .where(eq(events.id, eventId));
  if (!current) return false;
  const time = (d: Date | null) => d?.getTime() ?? null;
  const exceptionKeys = (list: SeriesException[]) =>
    list
      .map((e) => `${e.originalStart.getTime()}>${time(e.start)}:${e.name ?? ''}`)
      .sort()
      .join(',');
  // Exceptions older than an imported series' window leave the plan as time passes: not a change.
  const before = ((await seriesExceptionsOf(tx, [eventId])).get(eventId) ?? []).filter(
    (e) => !series?.keptFrom || e.originalStart.getTime() >= series.keptFrom.getTime(),
  );
  // A series is compared by its rule, first date and exceptions: the date it shows moves on by itself.
  const sameDates = series
    ? current.repeatRule === series.rule &&
      time(current.seriesStart) === series.seriesStart.getTime() &&
      time(current.seriesEnd) === series.seriesEnd.getTime() &&
      exceptionKeys(before) === exceptionKeys(series.exceptions)
    : current.repeatRule === null &&
      current.startDate.getTime() === row.startDate.getTime() &&
      current.endDate.getTime() === row.endDate.getTime();
  const same =
    sameDates &&
    current.name === fromCalendar.name &&
    current.description === fromCalendar.description &&
    current.buyTicketUrl === fromCalendar.buyTicketUrl;
  if (same) {
    if (series) {
      // An endless series is written up to a horizon from now: each run carries it on, telling nobody.
      const [last] = await tx
        .select({ originalStart: eventOccurrences.originalStart })
        .from(eventOccurrences)
        .where(eq(eventOccurrences.eventId, eventId))
        .orderBy(desc(eventOccurrences.originalStart))
        .limit(1);
      const planned = Math.max(...series.occurrences.map((o) => o.originalStart.getTime()));
      if (planned > (last?.originalStart.getTime() ?? 0)) await writeSeries(tx, eventId, series);
    }
    return false;
  }
  await tx
    .update(events)
    .set({ ...fromCalendar, updatedAt: row.updatedAt })
    .where(eq(events.id, eventId));
  const cancelled = sameDates ? [] : await writeSeries(tx, eventId, series);
  await notifyEventEdited(tx, { eventId, name: input.name, cancelled });
  return true;
}
