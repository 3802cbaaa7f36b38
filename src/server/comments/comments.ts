import 'server-only';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { type DbOrTx, getDb } from '@/db/client';
import { comments, notifications, places } from '@/db/schema';
import type { CommentAdded } from '@/lib/schemas/place-responses';
import type { AuthUser } from '@/server/auth/access-tokens';
import { conflict, forbidden, notFound } from '@/server/errors';
import { announceLiveChange } from '@/server/live/announce';
import { getEffectivePlan } from '@/server/plans/effective-plan';
import { planFeatures } from '@/server/plans/features';

/**
 * A place's stars are the mean of its ratings that are not hidden (by a moderator or with a blocked
 * author); recomputed in the writer's transaction.
 */
export async function refreshStars(tx: DbOrTx, placeIds: number | number[]) {
  const ids = [...new Set(Array.isArray(placeIds) ? placeIds : [placeIds])];
  if (ids.length === 0) return;
  // One statement for every place, each place's mean from its own comments.
  await tx
    .update(places)
    .set({
      stars: sql`coalesce((select round(avg(${comments.stars})::numeric, 2) from ${comments} where ${comments.placeId} = ${places.id} and ${comments.hiddenAt} is null), 0)`,
    })
    .where(inArray(places.id, ids));
}

/**
 * Spec §6: only signed-in attendees rate and comment. One rating per user and place: a second one
 * replaces the first (and clears an answer that answered the old text).
 */
export async function addComment({
  actor,
  placeId,
  stars,
  comment,
}: {
  actor: AuthUser;
  placeId: number;
  stars: number;
  comment: string;
}): Promise<CommentAdded> {
  if (actor.role !== 'user') throw forbidden('comments.companies_cannot');
  const db = await getDb();
  return db.transaction(async (tx) => {
    // A place hidden by a moderator takes no new ratings.
    const [place] = await tx
      .select({ id: places.id })
      .from(places)
      .where(and(eq(places.id, placeId), isNull(places.hiddenAt)))
      .limit(1);
    if (!place) throw notFound();
    const [row] = await tx
      .insert(comments)
      .values({ placeId, userId: actor.id, stars, comment })
      .onConflictDoUpdate({
        target: [comments.placeId, comments.userId],
        set: { stars, comment, answer: null, answeredAt: null, updatedAt: new Date() },
      })
      .returning({ id: comments.id });
    await refreshStars(tx, placeId);
    const [after] = await tx.select({ stars: places.stars }).from(places).where(eq(places.id, placeId));
    return { id: row?.id ?? 0, stars: after?.stars ?? 0 };
  });
}

/**
 * Spec §4/§6: the owner answers a comment once, and only when the plan has answer_comments; the
 * commenter is notified.
 */
export async function answerComment({
  actor,
  commentId,
  answer,
}: {
  actor: AuthUser;
  commentId: number;
  answer: string;
}): Promise<void> {
  if (actor.role !== 'company') throw forbidden();
  const db = await getDb();
  if (!planFeatures(await getEffectivePlan(db, actor.id)).answer_comments) {
    throw forbidden('comments.plan_no_answers');
  }
  await db.transaction(async (tx) => {
    const [row] = await tx
      .select({ comment: comments, placeName: places.name, ownerId: places.userId })
      .from(comments)
      .innerJoin(places, eq(places.id, comments.placeId))
      .where(eq(comments.id, commentId))
      .for('update')
      .limit(1);
    if (!row) throw notFound();
    if (row.ownerId !== actor.id) throw forbidden();
    const [updated] = await tx
      .update(comments)
      .set({ answer, answeredAt: new Date() })
      .where(and(eq(comments.id, commentId), isNull(comments.answer)))
      .returning({ id: comments.id });
    if (!updated) throw conflict('comments.already_answered');
    await tx.insert(notifications).values({
      userId: row.comment.userId,
      type: 'comment_answered',
      params: { place: row.placeName },
      placeId: row.comment.placeId,
    });
    await announceLiveChange(tx, [row.comment.userId]);
  });
}
