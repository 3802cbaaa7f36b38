import 'server-only';
import { and, desc, eq, isNull, ne, or, sql } from 'drizzle-orm';
import { getDb } from '@/db/client';
import { conversations, messages, users } from '@/db/schema';
import { formatMessageDate } from '@/lib/format';
import type { ConversationSummary } from '@/lib/schemas/messages';
import type { AuthUser } from '@/server/auth/access-tokens';
import { displayName, displayNameColumns } from './participants';

/**
 * Spec §2 /messages, §7 GET /api/message: the actor's conversations, newest first, each with the other
 * side's name, the last message's date and whether every message to the actor in it has been read.
 */
export async function listConversations({ actor }: { actor: AuthUser }): Promise<ConversationSummary[]> {
  const db = await getDb();
  const otherId = sql<number>`case when ${conversations.userLowId} = ${actor.id}
    then ${conversations.userHighId} else ${conversations.userLowId} end`;
  const unread = sql<boolean>`exists (select 1 from ${messages} where ${and(
    eq(messages.conversationId, conversations.id),
    ne(messages.senderId, actor.id),
    isNull(messages.readAt),
  )})`;
  const rows = await db
    .select({
      lastMessageAt: conversations.lastMessageAt,
      unread,
      other: { id: users.id, ...displayNameColumns },
    })
    .from(conversations)
    .innerJoin(users, eq(users.id, otherId))
    .where(or(eq(conversations.userLowId, actor.id), eq(conversations.userHighId, actor.id)))
    .orderBy(desc(conversations.lastMessageAt), desc(conversations.id));
  return rows.map((r) => ({
    id: r.other.id,
    name: displayName(r.other),
    date: formatMessageDate(r.lastMessageAt),
    last_message_at: r.lastMessageAt.toISOString(),
    read: !r.unread,
  }));
}
