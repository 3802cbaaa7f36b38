import 'server-only';
import { and, asc, eq, isNull, ne } from 'drizzle-orm';
import { getDb } from '@/db/client';
import { messages, users } from '@/db/schema';
import type { Conversation } from '@/lib/schemas/messages';
import type { AuthUser } from '@/server/auth/access-tokens';
import { announceLiveChange } from '@/server/live/announce';
import { counterpart, displayName, displayNameColumns } from './participants';

/**
 * Spec §2 /messages/{id}, §7 GET /api/message/getDetails/{id}: the conversation with user `otherId`,
 * oldest message first; opening it marks the other side's messages read. A conversation the actor may
 * start but has not yet is empty; one the actor may not have is refused (see `counterpart`).
 */
export async function getConversation({
  actor,
  otherId,
}: {
  actor: AuthUser;
  otherId: number;
}): Promise<Conversation> {
  const db = await getDb();
  return db.transaction(async (tx) => {
    const { other, conversation } = await counterpart(tx, actor, otherId);
    if (!conversation) return { user: other, can_write: true, data: [] };
    const read = await tx
      .update(messages)
      .set({ readAt: new Date() })
      .where(
        and(
          eq(messages.conversationId, conversation.id),
          ne(messages.senderId, actor.id),
          isNull(messages.readAt),
        ),
      )
      .returning({ id: messages.id });
    // The reader's tabs drop their unread count.
    if (read.length > 0) await announceLiveChange(tx, [actor.id]);
    const rows = await tx
      .select({
        message: messages,
        author: displayNameColumns,
      })
      .from(messages)
      .innerJoin(users, eq(users.id, messages.senderId))
      .where(eq(messages.conversationId, conversation.id))
      .orderBy(asc(messages.createdAt), asc(messages.id));
    return {
      user: other,
      can_write: true,
      data: rows.map(({ message, author }) => ({
        id: message.id,
        // A moderator's hidden message keeps its place in the thread, without its text.
        message: message.hiddenAt ? '' : message.message,
        ...(message.hiddenAt ? { hidden: true } : {}),
        created_at: message.createdAt.toISOString(),
        author: displayName(author),
        pivot: { sender: message.senderId === actor.id },
      })),
    };
  });
}
