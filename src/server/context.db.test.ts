import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { getDb } from '@/db/client';
import { users } from '@/db/schema';
import { insertActor } from '@/test-support/fixtures';
import { withTransaction } from './context';

describe('withTransaction', () => {
  it("joins a caller's open transaction: the caller's rollback undoes the verb's write", async () => {
    const db = await getDb();
    const actor = await insertActor('company', { eventsLeft: 3 });
    await expect(
      db.transaction(async (tx) => {
        await withTransaction({ db: tx }, (inner) =>
          inner.update(users).set({ eventsLeft: 0 }).where(eq(users.id, actor.id)),
        );
        throw new Error('caller fails');
      }),
    ).rejects.toThrow('caller fails');
    const [row] = await db.select({ left: users.eventsLeft }).from(users).where(eq(users.id, actor.id));
    expect(row?.left).toBe(3);
  });

  it('opens its own transaction when given the database, and rolls it back on failure', async () => {
    const db = await getDb();
    const actor = await insertActor('company', { eventsLeft: 3 });
    await expect(
      withTransaction({ db }, async (tx) => {
        await tx.update(users).set({ eventsLeft: 0 }).where(eq(users.id, actor.id));
        throw new Error('verb fails');
      }),
    ).rejects.toThrow('verb fails');
    const [row] = await db.select({ left: users.eventsLeft }).from(users).where(eq(users.id, actor.id));
    expect(row?.left).toBe(3);
  });
});
