import 'server-only';
import { and, desc, eq, ilike, inArray, isNotNull, isNull, or, sql } from 'drizzle-orm';
import { type DbOrTx, getDb } from '@/db/client';
import { comments, events, messages, places, reports, users } from '@/db/schema';
import type { AdminUser, ReportedItem } from '@/lib/schemas/admin-moderation';
import type { ReportReason, ReportTarget } from '@/lib/schemas/reports';
import type { AuthUser } from '@/server/auth/access-tokens';
import { revokeAllTokens } from '@/server/auth/tokens';
import { refreshStars } from '@/server/comments/comments';
import { fieldError, notFound } from '@/server/errors';
import { displayNameColumns, type NamedUser } from '@/server/messages/participants';
import { recordAudit } from './audit';

const excerptLength = 200;
const excerpt = (text: string) => {
  const plain = text
    .replace(/<[^>]*>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return plain.length > excerptLength ? `${plain.slice(0, excerptLength - 1)}…` : plain;
};

const nameOf = (u: NamedUser & { email: string }) =>
  (u.role === 'company' ? u.companyName : [u.firstName, u.lastName].filter(Boolean).join(' ')) || u.email;

const authorColumns = { id: users.id, ...displayNameColumns, email: users.email };

/** One moderated item: its text, its author, where it is shown, whether hidden. */
interface ItemInfo {
  id: number;
  text: string;
  authorId: number;
  authorName: string;
  link: string | null;
  hiddenAt: Date | null;
}

/** An item as the report list shows it, its author named. */
const itemBy = (
  author: { id: number } & Parameters<typeof nameOf>[0],
  item: Omit<ItemInfo, 'authorId' | 'authorName'>,
): ItemInfo => ({ ...item, authorId: author.id, authorName: nameOf(author) });

/** The items of one kind, by id, with what the report list shows of them. */
async function itemsOf(db: DbOrTx, target: ReportTarget, ids: number[]): Promise<Map<number, ItemInfo>> {
  if (ids.length === 0) return new Map();
  let rows: ItemInfo[];
  if (target === 'comment') {
    const found = await db
      .select({ c: comments, author: authorColumns })
      .from(comments)
      .innerJoin(users, eq(users.id, comments.userId))
      .where(inArray(comments.id, ids));
    rows = found.map(({ c, author }) =>
      itemBy(author, {
        id: c.id,
        text: `${'★'.repeat(c.stars)} ${c.comment}`,
        link: `/places/${c.placeId}#place-comments`,
        hiddenAt: c.hiddenAt,
      }),
    );
  } else if (target === 'place') {
    const found = await db
      .select({ p: places, author: authorColumns })
      .from(places)
      .innerJoin(users, eq(users.id, places.userId))
      .where(inArray(places.id, ids));
    rows = found.map(({ p, author }) =>
      itemBy(author, {
        id: p.id,
        text: `${p.name} — ${p.description ?? ''}`,
        link: `/places/${p.id}`,
        hiddenAt: p.hiddenAt,
      }),
    );
  } else if (target === 'event') {
    const found = await db
      .select({ e: events, author: authorColumns })
      .from(events)
      .innerJoin(users, eq(users.id, events.userId))
      .where(inArray(events.id, ids));
    rows = found.map(({ e, author }) =>
      itemBy(author, {
        id: e.id,
        text: `${e.name} — ${e.description ?? ''}`,
        link: `/event/${e.id}`,
        hiddenAt: e.hiddenAt,
      }),
    );
  } else {
    const found = await db
      .select({ m: messages, author: authorColumns })
      .from(messages)
      .innerJoin(users, eq(users.id, messages.senderId))
      .where(inArray(messages.id, ids));
    rows = found.map(({ m, author }) =>
      itemBy(author, { id: m.id, text: m.message, link: null, hiddenAt: m.hiddenAt }),
    );
  }
  return new Map(rows.map((row) => [row.id, row]));
}

const targets: ReportTarget[] = ['comment', 'place', 'event', 'message'];

/**
 * Issue 14: the open reports grouped per item (newest first) with the item's excerpt, or (status
 * "hidden") the hidden items with every report they had.
 */
export async function listReports({ status }: { status: 'open' | 'hidden' }): Promise<ReportedItem[]> {
  const db = await getDb();
  let keys: { target: ReportTarget; id: number }[];
  if (status === 'open') {
    const open = await db
      .select({ target: reports.target, id: reports.targetId, last: sql<Date>`max(${reports.createdAt})` })
      .from(reports)
      .where(eq(reports.status, 'open'))
      .groupBy(reports.target, reports.targetId)
      .orderBy(desc(sql`max(${reports.createdAt})`))
      .limit(200);
    keys = open.map((r) => ({ target: r.target, id: r.id }));
  } else {
    const hiddenOf = async (table: typeof comments | typeof places | typeof events | typeof messages) =>
      db
        .select({ id: table.id, hiddenAt: table.hiddenAt })
        .from(table)
        .where(isNotNull(table.hiddenAt))
        .orderBy(desc(table.hiddenAt))
        .limit(100);
    const lists = await Promise.all([
      hiddenOf(comments),
      hiddenOf(places),
      hiddenOf(events),
      hiddenOf(messages),
    ]);
    keys = lists
      .flatMap((rows, i) =>
        rows.map((r) => ({ target: targets[i] as ReportTarget, id: r.id, at: r.hiddenAt })),
      )
      .sort((a, b) => (b.at?.getTime() ?? 0) - (a.at?.getTime() ?? 0))
      .slice(0, 200);
  }
  if (keys.length === 0) return [];
  const infos = new Map(
    await Promise.all(
      targets.map(
        async (t) =>
          [
            t,
            await itemsOf(
              db,
              t,
              keys.filter((k) => k.target === t).map((k) => k.id),
            ),
          ] as const,
      ),
    ),
  );
  const reportRows = await db
    .select()
    .from(reports)
    .where(
      and(
        or(
          ...targets.map((t) => {
            const ids = keys.filter((k) => k.target === t).map((k) => k.id);
            return ids.length ? and(eq(reports.target, t), inArray(reports.targetId, ids)) : sql`false`;
          }),
        ),
        status === 'open' ? eq(reports.status, 'open') : undefined,
      ),
    )
    .orderBy(desc(reports.createdAt), desc(reports.id));
  const items: ReportedItem[] = [];
  for (const key of keys) {
    const info = infos.get(key.target)?.get(key.id);
    const own = reportRows.filter((r) => r.target === key.target && r.targetId === key.id);
    const openOnes = own.filter((r) => r.status === 'open');
    items.push({
      target: key.target,
      target_id: key.id,
      report_id: openOnes[0]?.id ?? null,
      count: own.length,
      reasons: [...new Set(own.map((r) => r.reason as ReportReason))],
      texts: own.map((r) => r.text).filter((t): t is string => !!t),
      excerpt: info ? excerpt(info.text) : '',
      link: info?.link ?? null,
      author: info ? { id: info.authorId, name: info.authorName } : null,
      hidden_at: info?.hiddenAt?.toISOString() ?? null,
      last_reported_at: own[0]?.createdAt.toISOString() ?? null,
    });
  }
  return items;
}

/** The table behind a target and the column holding its author. */
function tableOf(target: ReportTarget) {
  switch (target) {
    case 'comment':
      return { table: comments, author: comments.userId };
    case 'place':
      return { table: places, author: places.userId };
    case 'event':
      return { table: events, author: events.userId };
    case 'message':
      return { table: messages, author: messages.senderId };
  }
}

async function resolveOpenReports(tx: DbOrTx, adminId: number, target: ReportTarget, id: number, now: Date) {
  return tx
    .update(reports)
    .set({ status: 'resolved', resolvedAt: now, resolvedBy: adminId })
    .where(and(eq(reports.target, target), eq(reports.targetId, id), eq(reports.status, 'open')))
    .returning({ id: reports.id });
}

/**
 * Hides (or restores) one item at once: the public queries skip hidden rows, a comment's place gets
 * its stars recomputed, hiding resolves the item's open reports. Restoring an item whose author is
 * blocked is refused: it would show again while its author stays blocked (unblock the account instead).
 */
export async function setItemHidden({
  admin,
  target,
  id,
  hidden,
}: {
  admin: AuthUser;
  target: ReportTarget;
  id: number;
  hidden: boolean;
}): Promise<{ target: ReportTarget; id: number; hidden_at: string | null }> {
  const db = await getDb();
  const { table, author } = tableOf(target);
  const result = await db.transaction(async (tx) => {
    const [row] = await tx
      .select({ hiddenAt: table.hiddenAt, authorBlockedAt: users.blockedAt })
      .from(table)
      .innerJoin(users, eq(users.id, author))
      .where(eq(table.id, id))
      .for('update', { of: table })
      .limit(1);
    if (!row) throw notFound();
    const now = new Date();
    if (!hidden && row.authorBlockedAt) throw fieldError('id', 'admin_moderation.errors.author_blocked');
    // An item hidden only by its author's block gets a moderator's own date, so an unblock keeps it hidden.
    const byBlock = row.hiddenAt && row.authorBlockedAt?.getTime() === row.hiddenAt.getTime();
    const hiddenAt = hidden ? (row.hiddenAt && !byBlock ? row.hiddenAt : now) : null;
    await tx.update(table).set({ hiddenAt }).where(eq(table.id, id));
    const resolved = hidden ? await resolveOpenReports(tx, admin.id, target, id, now) : [];
    if (target === 'comment') {
      const [c] = await tx.select({ placeId: comments.placeId }).from(comments).where(eq(comments.id, id));
      if (c) await refreshStars(tx, c.placeId);
    }
    await recordAudit(tx, {
      adminId: admin.id,
      action: `${target}.${hidden ? 'hide' : 'restore'}`,
      target,
      targetId: id,
      before: { hidden_at: row.hiddenAt?.toISOString() ?? null },
      after: {
        hidden_at: hiddenAt?.toISOString() ?? null,
        ...(resolved.length ? { resolved_reports: resolved.map((r) => r.id) } : {}),
      },
    });
    return { target, id, hidden_at: hiddenAt?.toISOString() ?? null };
  });
  return result;
}

/** Dismisses a report: every open report of the same item is closed, the item stays as it is. */
export async function dismissReport({
  admin,
  reportId,
}: {
  admin: AuthUser;
  reportId: number;
}): Promise<{ target: ReportTarget; id: number; hidden_at: string | null }> {
  const db = await getDb();
  return db.transaction(async (tx) => {
    const [report] = await tx.select().from(reports).where(eq(reports.id, reportId)).for('update').limit(1);
    if (!report) throw notFound();
    const resolved = await resolveOpenReports(tx, admin.id, report.target, report.targetId, new Date());
    // A second click (or a report closed meanwhile) changes nothing and is not an action to record.
    if (resolved.length > 0)
      await recordAudit(tx, {
        adminId: admin.id,
        action: 'report.dismiss',
        target: report.target,
        targetId: report.targetId,
        before: { open_reports: resolved.map((r) => r.id) },
        after: { open_reports: [] },
      });
    const { table } = tableOf(report.target);
    const [item] = await tx
      .select({ hiddenAt: table.hiddenAt })
      .from(table)
      .where(eq(table.id, report.targetId))
      .limit(1);
    return { target: report.target, id: report.targetId, hidden_at: item?.hiddenAt?.toISOString() ?? null };
  });
}

const toAdminUser = (u: typeof users.$inferSelect): AdminUser => ({
  id: u.id,
  email: u.email,
  name: (u.role === 'company' ? u.companyName : [u.firstName, u.lastName].filter(Boolean).join(' ')) ?? '',
  role: u.role,
  created_at: u.createdAt.toISOString(),
  blocked_at: u.blockedAt?.toISOString() ?? null,
});

/** Accounts by e-mail, name or company name (newest first, at most 50); without a search the newest. */
export async function searchUsers({ search }: { search?: string }): Promise<AdminUser[]> {
  const db = await getDb();
  const term = search?.replace(/[%_\\]/g, '').trim();
  const like = term ? `%${term}%` : null;
  const rows = await db
    .select()
    .from(users)
    .where(
      like
        ? or(
            ilike(users.email, like),
            ilike(users.firstName, like),
            ilike(users.lastName, like),
            ilike(users.companyName, like),
            ilike(sql`concat_ws(' ', ${users.firstName}, ${users.lastName})`, like),
          )
        : undefined,
    )
    .orderBy(desc(users.id))
    .limit(50);
  return rows.map(toAdminUser);
}

/**
 * Blocks an account: its tokens are revoked (and refused while blocked), and its places, events and
 * comments not hidden yet are hidden with `hidden_at = blocked_at`, so an unblock restores exactly
 * those. Admins cannot be blocked.
 */
export async function blockUser({
  admin,
  userId,
  reason,
}: {
  admin: AuthUser;
  userId: number;
  reason: string;
}): Promise<AdminUser> {
  const db = await getDb();
  const result = await db.transaction(async (tx) => {
    const [user] = await tx.select().from(users).where(eq(users.id, userId)).for('update').limit(1);
    if (!user) throw notFound();
    if (user.role === 'admin') throw fieldError('user', 'admin_moderation.errors.cannot_block_admin');
    if (user.blockedAt) return user;
    const now = new Date();
    const [blocked] = await tx
      .update(users)
      .set({ blockedAt: now, updatedAt: now })
      .where(eq(users.id, userId))
      .returning();
    await revokeAllTokens(tx, userId);
    const hiddenPlaces = await tx
      .update(places)
      .set({ hiddenAt: now })
      .where(and(eq(places.userId, userId), isNull(places.hiddenAt)))
      .returning({ id: places.id });
    const hiddenEvents = await tx
      .update(events)
      .set({ hiddenAt: now })
      .where(and(eq(events.userId, userId), isNull(events.hiddenAt)))
      .returning({ id: events.id });
    const hiddenComments = await tx
      .update(comments)
      .set({ hiddenAt: now })
      .where(and(eq(comments.userId, userId), isNull(comments.hiddenAt)))
      .returning({ id: comments.id, placeId: comments.placeId });
    await refreshStars(
      tx,
      hiddenComments.map((c) => c.placeId),
    );
    await recordAudit(tx, {
      adminId: admin.id,
      action: 'user.block',
      target: 'user',
      targetId: userId,
      before: { blocked_at: null },
      after: {
        blocked_at: now.toISOString(),
        reason,
        hidden: {
          places: hiddenPlaces.map((r) => r.id),
          events: hiddenEvents.map((r) => r.id),
          comments: hiddenComments.map((r) => r.id),
        },
      },
    });
    return blocked ?? user;
  });
  return toAdminUser(result);
}

/** Unblocks an account and shows again what its block hid (items hidden for other reasons stay hidden). */
export async function unblockUser({
  admin,
  userId,
}: {
  admin: AuthUser;
  userId: number;
}): Promise<AdminUser> {
  const db = await getDb();
  const result = await db.transaction(async (tx) => {
    const [user] = await tx.select().from(users).where(eq(users.id, userId)).for('update').limit(1);
    if (!user) throw notFound();
    const blockedAt = user.blockedAt;
    if (!blockedAt) return user;
    const now = new Date();
    const [unblocked] = await tx
      .update(users)
      .set({ blockedAt: null, updatedAt: now })
      .where(eq(users.id, userId))
      .returning();
    const shownPlaces = await tx
      .update(places)
      .set({ hiddenAt: null })
      .where(and(eq(places.userId, userId), eq(places.hiddenAt, blockedAt)))
      .returning({ id: places.id });
    const shownEvents = await tx
      .update(events)
      .set({ hiddenAt: null })
      .where(and(eq(events.userId, userId), eq(events.hiddenAt, blockedAt)))
      .returning({ id: events.id });
    const shownComments = await tx
      .update(comments)
      .set({ hiddenAt: null })
      .where(and(eq(comments.userId, userId), eq(comments.hiddenAt, blockedAt)))
      .returning({ id: comments.id, placeId: comments.placeId });
    await refreshStars(
      tx,
      shownComments.map((c) => c.placeId),
    );
    await recordAudit(tx, {
      adminId: admin.id,
      action: 'user.unblock',
      target: 'user',
      targetId: userId,
      before: { blocked_at: blockedAt.toISOString() },
      after: {
        blocked_at: null,
        shown: {
          places: shownPlaces.map((r) => r.id),
          events: shownEvents.map((r) => r.id),
          comments: shownComments.map((r) => r.id),
        },
      },
    });
    return unblocked ?? user;
  });
  return toAdminUser(result);
}
