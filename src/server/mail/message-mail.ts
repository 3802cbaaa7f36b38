import 'server-only';
import { eq, lte } from 'drizzle-orm';
import { getConfig } from '@/config';
import type { DbOrTx } from '@/db/client';
import { messageMails, users } from '@/db/schema';
import { enqueueMail } from './outbox';
import { oneClickUnsubscribeUrl, unsubscribeLink } from './unsubscribe';

/** A conversation mails each side at most this often, however many messages arrive (issue 12). */
export const messageMailIntervalMs = 60 * 60_000;

/**
 * Mails the recipient of a new message unless they turned such mails off or were mailed about this
 * conversation within the last hour. Call it in the sending transaction and kick the mail worker after.
 */
export async function queueMessageMail(
  tx: DbOrTx,
  {
    conversationId,
    recipientId,
    sender,
    now,
  }: { conversationId: number; recipientId: number; sender: { id: number; name: string }; now: Date },
): Promise<void> {
  const [recipient] = await tx
    .select({
      email: users.email,
      locale: users.locale,
      firstName: users.firstName,
      mailUpdates: users.mailUpdates,
    })
    .from(users)
    .where(eq(users.id, recipientId))
    .limit(1);
  if (!recipient?.mailUpdates) return;
  // One conditional upsert decides, so two messages sent at once cannot both claim the hour.
  const claimed = await tx
    .insert(messageMails)
    .values({ conversationId, recipientId, sentAt: now })
    .onConflictDoUpdate({
      target: [messageMails.conversationId, messageMails.recipientId],
      set: { sentAt: now },
      setWhere: lte(messageMails.sentAt, new Date(now.getTime() - messageMailIntervalMs)),
    })
    .returning({ recipientId: messageMails.recipientId });
  if (claimed.length === 0) return;
  await enqueueMail(tx, {
    to: recipient.email,
    locale: recipient.locale,
    template: 'new_message',
    params: {
      link: `${getConfig().publicUrl}/messages/${sender.id}`,
      name: recipient.firstName,
      values: { sender: sender.name },
      unsubscribe: unsubscribeLink(recipientId),
    },
    listUnsubscribe: oneClickUnsubscribeUrl(recipientId),
  });
}
