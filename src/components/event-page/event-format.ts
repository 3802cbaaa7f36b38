import { formatDate, formatDateTime, formatPrice } from '@/lib/format';

/**
 * The event's dates as the page shows them (Warsaw time): "24.12.2026 18:00 – 26.12.2026 14:00", or
 * "24.12.2026 18:00–20:30" when it ends on the day it starts; `end` is null when there is no end to show.
 */
export function eventDateRange(
  start: string,
  end: string,
): { start: string; end: string | null; sameDay: boolean } {
  const from = formatDateTime(start);
  const to = formatDateTime(end);
  if (to === from) return { start: from, end: null, sameDay: true };
  const sameDay = formatDate(start) === formatDate(end);
  return { start: from, end: sameDay ? to.slice(-5) : to, sameDay };
}

/** PLN prices of the detail as "12,50 zł – 40,00 zł", one price when equal, or `free` when both are 0. */
export function eventPriceRange(min: number | null, max: number | null, free: string): string | null {
  // Issue 29: a price not given (an imported calendar's) is unknown, never free.
  if (min === null || max === null) return null;
  const low = Math.round(min * 100);
  const high = Math.round(max * 100);
  if (low === 0 && high === 0) return free;
  if (low === high) return formatPrice(low);
  return `${formatPrice(low)} – ${formatPrice(high)}`;
}
