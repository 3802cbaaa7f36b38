import 'server-only';
import { asc, isNotNull } from 'drizzle-orm';
import { getDb } from '@/db/client';
import { newsletterSubscribers } from '@/db/schema';
import { warsawParts } from '@/lib/warsaw-time';

/**
 * One CSV cell: a text a spreadsheet would run as a formula (= + - @, tab, CR) gets a leading `'`;
 * a cell with a comma, quote or line break is quoted, its quotes doubled.
 */
export function csvCell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

/** Rows as CSV (RFC 4180: comma-separated, CRLF after every row). */
export function toCsv(rows: string[][]): string {
  return rows.map((row) => `${row.map(csvCell).join(',')}\r\n`).join('');
}

/** YYYY-MM-DD HH:mm in Europe/Warsaw. */
function warsawStamp(instant: Date): string {
  const p = warsawParts(instant);
  return `${p.year}-${p.month}-${p.day} ${p.hour}:${p.minute}`;
}

/** Today's Warsaw date, YYYY-MM-DD, for the file's name. */
export function warsawToday(now: Date = new Date()): string {
  const p = warsawParts(now);
  return `${p.year}-${p.month}-${p.day}`;
}

/** Issue 14 point 5: the confirmed newsletter subscribers (e-mail, language, confirmed, signed up), oldest first. */
export async function newsletterCsv(): Promise<string> {
  const db = await getDb();
  const rows = await db
    .select({
      email: newsletterSubscribers.email,
      locale: newsletterSubscribers.locale,
      confirmedAt: newsletterSubscribers.confirmedAt,
      createdAt: newsletterSubscribers.createdAt,
    })
    .from(newsletterSubscribers)
    .where(isNotNull(newsletterSubscribers.confirmedAt))
    .orderBy(asc(newsletterSubscribers.confirmedAt), asc(newsletterSubscribers.id));
  return toCsv([
    ['email', 'language', 'confirmed_at', 'created_at'],
    ...rows.map((r) => [
      r.email,
      r.locale,
      r.confirmedAt ? warsawStamp(r.confirmedAt) : '',
      warsawStamp(r.createdAt),
    ]),
  ]);
}
