import 'server-only';
import { and, count, eq, isNull, ne, or } from 'drizzle-orm';
import { getDb } from '@/db/client';
import { conversations, messages } from '@/db/schema';

/** Messages sent to the user that the user has not read yet. */
export async function countUnreadMessages({ userId }: { userId: number }): Promise<number> {
  const db = await getDb();
  const [row] = await db
    .select({ n: count() })
    .from(messages)
    .innerJoin(conversations, eq(conversations.id, messages.conversationId))
    .where(
      and(
        or(eq(conversations.userLowId, userId), eq(conversations.userHighId, userId)),
        ne(messages.senderId, userId),
        isNull(messages.readAt),
      ),
    );
  return row?.n ?? 0;
}
