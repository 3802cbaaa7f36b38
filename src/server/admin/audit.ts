import 'server-only';
import type { DbOrTx } from '@/db/client';
import { auditLog } from '@/db/schema';

/** What an admin action changed: the item as it was and as it is (plain JSON, only what changed). */
export interface AuditRecord {
  /** Null for the operator's command line. */
  adminId: number | null;
  /** e.g. `place.verify`, `comment.hide`, `user.block`, `category.update`. */
  action: string;
  target: string;
  targetId: number | null;
  before?: unknown;
  after?: unknown;
}

/** Writes one audit entry in the transaction of the action it records, so neither exists without the other. */
export async function recordAudit(tx: DbOrTx, record: AuditRecord): Promise<void> {
  await tx.insert(auditLog).values({
    adminId: record.adminId,
    action: record.action,
    target: record.target,
    targetId: record.targetId,
    before: record.before ?? null,
    after: record.after ?? null,
  });
}
