import 'server-only';
import { and, eq, isNull, or } from 'drizzle-orm';
import { type DbOrTx, getDb } from '@/db/client';
import { comments, conversations, events, messages, places, reports } from '@/db/schema';
import type { ReportInput, ReportTarget } from '@/lib/schemas/reports';
import type { AuthUser } from '@/server/auth/access-tokens';
import { fieldError, notFound } from '@/server/errors';
import { hit } from '@/server/rate-limit';

/** Whether the item exists and the reporter can see it (a message: only in their own conversation). */
async function visibleTo(db: DbOrTx, actor: AuthUser, target: ReportTarget, id: number): Promise<boolean> {
  switch (target) {
    case 'comment': {
      const [row] = await db
        .select({ id: comments.id })
        .from(comments)
        .innerJoin(places, eq(places.id, comments.placeId))
        .where(and(eq(comments.id, id), isNull(comments.hiddenAt), isNull(places.hiddenAt)))
        .limit(1);
      return !!row;
    }
    case 'place': {
      const [row] = await db
        .select({ id: places.id })
        .from(places)
        .where(and(eq(places.id, id), isNull(places.hiddenAt)))
        .limit(1);
      return !!row;
    }
    case 'event': {
      const [row] = await db
        .select({ id: events.id })
        .from(events)
        .where(and(eq(events.id, id), isNull(events.hiddenAt)))
        .limit(1);
      return !!row;
    }
    case 'message': {
      const [row] = await db
        .select({ id: messages.id })
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
      return !!row;
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
  if (!(await visibleTo(db, actor, input.target, input.target_id))) throw notFound();
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
