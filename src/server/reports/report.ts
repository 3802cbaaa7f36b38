import 'server-only';
import { and, eq, isNull, or } from 'drizzle-orm';
import { type DbOrTx, getDb } from '@/db/client';
import { comments, conversations, events, messages, places, reports } from '@/db/schema';
import type { ReportInput, ReportTarget } from '@/lib/schemas/reports';
import type { AuthUser } from '@/server/auth/access-tokens';
import { fieldError, notFound } from '@/server/errors';
import { hit } from '@/server/rate-limit';

/**
 * The author of an item the reporter can see (a message: only in their own conversation), or null when
 * there is no such item for them.
 */
async function authorOf(
  db: DbOrTx,
  actor: AuthUser,
  target: ReportTarget,
  id: number,
): Promise<number | null> {
  switch (target) {
    case 'comment': {
      const [row] = await db
        .select({ author: comments.userId })
        .from(comments)
        .innerJoin(places, eq(places.id, comments.placeId))
        .where(and(eq(comments.id, id), isNull(comments.hiddenAt), isNull(places.hiddenAt)))
        .limit(1);
      return row?.author ?? null;
    }
    case 'place':
    case 'event': {
      const item = target === 'place' ? places : events;
      const [row] = await db
        .select({ author: item.userId })
        .from(item)
        .where(and(eq(item.id, id), isNull(item.hiddenAt)))
        .limit(1);
      return row?.author ?? null;
    }
    case 'message': {
      const [row] = await db
        .select({ author: messages.senderId })
        .from(messages)
        .innerJoin(conversations, eq(conversations.id, messages.conversationId))
        .where(
          and(
            eq(messages.id, id),
            isNull(messages.hiddenAt),
            or(eq(conversations.userLowId, actor.id), eq(conversations.userHighId, actor.id)),
          ),
        )
        .limit(1);
      return row?.author ?? null;
    }
  }
}

/**
 * Issue 14: a signed-in person reports a comment, place, event or message they can see, once per
 * item (the unique index decides, so two racing reports cannot both count).
 */
export async function createReport({
  actor,
  input,
}: {
  actor: AuthUser;
  input: ReportInput;
}): Promise<{ id: number }> {
  await hit('reportsByUser', String(actor.id));
  const db = await getDb();
  const author = await authorOf(db, actor, input.target, input.target_id);
  if (author === null) throw notFound();
  if (author === actor.id) throw fieldError('target_id', 'reports.own_item');
  const [row] = await db
    .insert(reports)
    .values({
      reporterId: actor.id,
      target: input.target,
      targetId: input.target_id,
      reason: input.reason,
      text: input.text ?? null,
    })
    .onConflictDoNothing({ target: [reports.reporterId, reports.target, reports.targetId] })
    .returning({ id: reports.id });
  if (!row) throw fieldError('target_id', 'reports.already_reported');
  return { id: row.id };
}
