import 'server-only';
import { count, desc, eq } from 'drizzle-orm';
import { getDb } from '@/db/client';
import { auditLog, users } from '@/db/schema';
import { formatDateTime } from '@/lib/format';
import type { AuditChange, AuditEntryView } from '@/lib/schemas/admin-overview';
import { auditPerPage } from '@/lib/schemas/admin-overview';
import { type Page, type PageQuery, pageOf, toPage } from '@/lib/schemas/pagination';

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/**
 * What an entry changed: for two objects, the keys whose value differs (in the order they appear);
 * otherwise the whole value under the key "" when it differs.
 */
export function auditChanges(before: unknown, after: unknown): AuditChange[] {
  if ((isRecord(before) || before == null) && (isRecord(after) || after == null) && (before || after)) {
    const b = before ?? {};
    const a = after ?? {};
    const keys = [...new Set([...Object.keys(b), ...Object.keys(a)])];
    return keys
      .filter((key) => !same(b[key], a[key]))
      .map((key) => ({ key, before: b[key] ?? null, after: a[key] ?? null }));
  }
  return same(before, after) ? [] : [{ key: '', before: before ?? null, after: after ?? null }];
}

/** Issue 14 point 3: the audit log, newest first, a page at a time. */
export async function listAuditLog(query: PageQuery = {}): Promise<Page<AuditEntryView>> {
  const q = { per_page: auditPerPage, ...query };
  const { page, perPage } = pageOf(q);
  const db = await getDb();
  const [rows, [total]] = await Promise.all([
    db
      .select({ entry: auditLog, adminEmail: users.email })
      .from(auditLog)
      .leftJoin(users, eq(users.id, auditLog.adminId))
      .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
      .limit(perPage)
      .offset((page - 1) * perPage),
    db.select({ n: count() }).from(auditLog),
  ]);
  return toPage(
    rows.map(({ entry, adminEmail }) => ({
      id: entry.id,
      created_at: entry.createdAt.toISOString(),
      date: formatDateTime(entry.createdAt),
      admin: entry.adminId !== null && adminEmail !== null ? { id: entry.adminId, email: adminEmail } : null,
      action: entry.action,
      target: entry.target,
      target_id: entry.targetId,
      changes: auditChanges(entry.before, entry.after),
    })),
    total?.n ?? 0,
    q,
  );
}
