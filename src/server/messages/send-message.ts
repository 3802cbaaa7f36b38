import 'server-only';
import { and, eq } from 'drizzle-orm';
import { getDb } from '@/db/client';
import { conversations, events, messages, places } from '@/db/schema';
import type { SendMessageInput, ThreadMessage } from '@/lib/schemas/messages';
import type { AuthUser } from '@/server/auth/access-tokens';
import { announceLiveChange } from '@/server/live/announce';
import { queueMessageMail } from '@/server/mail/message-mail';
import { kickMailWorker } from '@/server/mail/outbox';
import { hit } from '@/server/rate-limit';
import { countHit } from '@/server/stats/counter';
import { counterpart, displayName, pairOf } from './participants';

/**
 * Spec §7 POST /api/message: writes to user `user_id` in the conversation the two share, starting it
 * when the actor may (an attendee to a company whose plan has messenger_access). Limited per sender.
 */
export async function sendMessage({
  actor,
  input,
}: {
  actor: AuthUser;
  input: SendMessageInput;
}): Promise<ThreadMessage> {
  await hit('messagesBySender', String(actor.id));
  const db = await getDb();
  const sent = await db.transaction(async (tx) => {
    const { other, conversation } = await counterpart(tx, actor, input.user_id);
    const now = new Date();
    // Two first messages at once both land in the one conversation of the pair.
    const [current] = conversation
      ? [conversation]
      : await tx
          .insert(conversations)
          .values({ ...pairOf(actor.id, input.user_id), lastMessageAt: now })
          .onConflictDoUpdate({
            target: [conversations.userLowId, conversations.userHighId],
            set: { lastMessageAt: now },
          })
          .returning();
    if (!current) throw new Error('conversation upsert returned nothing');
    const [message] = await tx
      .insert(messages)
      .values({ conversationId: current.id, senderId: actor.id, message: input.message, createdAt: now })
      .returning();
    if (!message) throw new Error('message insert returned nothing');
    await tx.update(conversations).set({ lastMessageAt: now }).where(eq(conversations.id, current.id));
    await announceLiveChange(tx, [input.user_id]);
    const sender = { id: actor.id, name: displayName(actor) };
    await queueMessageMail(tx, { conversationId: current.id, recipientId: other.id, sender, now });
    return {
      started: !conversation,
      message: {
        id: message.id,
        message: message.message,
        created_at: message.createdAt.toISOString(),
        author: sender.name,
        pivot: { sender: true },
      },
    };
  });
  kickMailWorker();
  if (sent.started) await countStartedConversation(input);
  return sent.message;
}

/**
 * Issue 28: a conversation started from a place or event page counts for it in its owner's statistics,
 * when the page is the recipient's own (a request cannot credit someone else's place).
 */
async function countStartedConversation(input: SendMessageInput): Promise<void> {
  const [subject, id, table] =
    input.place_id !== undefined
      ? (['place', input.place_id, places] as const)
      : input.event_id !== undefined
        ? (['event', input.event_id, events] as const)
        : [];
  if (!subject) return;
  const db = await getDb();
  const [own] = await db
    .select({ id: table.id })
    .from(table)
    .where(and(eq(table.id, id), eq(table.userId, input.user_id)))
    .limit(1);
  if (own) countHit({ subject, id, measure: 'message' });
}
