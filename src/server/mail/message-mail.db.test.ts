import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { getDb } from '@/db/client';
import { conversations, mailOutbox } from '@/db/schema';
import { insertActor } from '@/test-support/fixtures';
import { messageMailIntervalMs, queueMessageMail } from './message-mail';

// Issue 12 point 4: at most one mail per conversation per hour to each side, only while wanted.

async function conversationOf(a: number, b: number) {
  const [row] = await (await getDb())
    .insert(conversations)
    .values({ userLowId: Math.min(a, b), userHighId: Math.max(a, b) })
    .returning();
  if (!row) throw new Error('conversation insert returned nothing');
  return row.id;
}

async function mailsTo(email: string) {
  return (await getDb()).select().from(mailOutbox).where(eq(mailOutbox.to, email));
}

describe('queueMessageMail', () => {
  it('mails once within the hour, again after it, and each side on its own clock', async () => {
    const db = await getDb();
    const sender = await insertActor('user');
    const recipient = await insertActor('company');
    const conversationId = await conversationOf(sender.id, recipient.id);
    const at = (ms: number) => new Date(Date.UTC(2030, 0, 1) + ms);
    const queue = (now: Date, from = sender, to = recipient) =>
      queueMessageMail(db, {
        conversationId,
        recipientId: to.id,
        sender: { id: from.id, name: 'Ala' },
        now,
      });

    await queue(at(0));
    await queue(at(messageMailIntervalMs - 1));
    expect(await mailsTo(recipient.email)).toHaveLength(1);
    await queue(at(30_000), recipient, sender);
    expect(await mailsTo(sender.email)).toHaveLength(1);
    await queue(at(messageMailIntervalMs));
    expect(await mailsTo(recipient.email)).toHaveLength(2);
  });

  it('mails nobody who turned mail updates off', async () => {
    const db = await getDb();
    const sender = await insertActor('user');
    const recipient = await insertActor('company', { mailUpdates: false });
    const conversationId = await conversationOf(sender.id, recipient.id);

    await queueMessageMail(db, {
      conversationId,
      recipientId: recipient.id,
      sender: { id: sender.id, name: 'Ala' },
      now: new Date(),
    });

    expect(await mailsTo(recipient.email)).toHaveLength(0);
  });
});
