import { beforeAll, describe, expect, it } from 'vitest';
import { getDb } from '@/db/client';
import { conversations } from '@/db/schema';
import { AppError } from '@/server/errors';
import { insertActor, seededPlans } from '@/test-support/fixtures';
import { counterpart, displayName, pairOf } from './participants';

// Spec §6: an attendee starts a conversation with a company whose plan has messenger_access; once it
// exists either side writes in it; nobody else may start one.

let messengerPlanId: number;

beforeAll(async () => {
  messengerPlanId = (await seededPlans()).messengerPlan.id;
});

async function refusal(run: Promise<unknown>): Promise<string | undefined> {
  return run.then(
    () => undefined,
    (error: unknown) => (error instanceof AppError ? error.code : String(error)),
  );
}

describe('who a conversation can be with', () => {
  it('lets an attendee start one with a company that has messenger_access, and no one else start one', async () => {
    const db = await getDb();
    const attendee = await insertActor('user');
    const other = await insertActor('user');
    const open = await insertActor('company', { premiumSettingId: messengerPlanId });
    const closed = await insertActor('company', { premiumSettingId: null });
    expect((await counterpart(db, attendee, open.id)).conversation).toBeNull();
    expect(await refusal(counterpart(db, attendee, closed.id))).toBe('forbidden');
    expect(await refusal(counterpart(db, attendee, other.id))).toBe('forbidden');
    expect(await refusal(counterpart(db, open, attendee.id))).toBe('forbidden');
    expect(await refusal(counterpart(db, attendee, attendee.id))).toBe('not_found');
    expect(await refusal(counterpart(db, attendee, 2_000_000_000))).toBe('not_found');
  });

  it('lets either side write in a conversation that exists, whatever the plan says now', async () => {
    const db = await getDb();
    const attendee = await insertActor('user');
    const company = await insertActor('company', { premiumSettingId: null });
    await db.insert(conversations).values(pairOf(attendee.id, company.id));
    expect((await counterpart(db, company, attendee.id)).conversation).not.toBeNull();
    expect((await counterpart(db, attendee, company.id)).other.name).toBe('Test company');
  });

  it('names companies by their name and everyone else by first and last name; stores pairs low id first', () => {
    expect(displayName({ role: 'company', companyName: 'Filharmonia', firstName: 'A', lastName: 'B' })).toBe(
      'Filharmonia',
    );
    expect(displayName({ role: 'user', companyName: null, firstName: 'Anna', lastName: 'Nowak' })).toBe(
      'Anna Nowak',
    );
    expect(pairOf(9, 4)).toEqual({ userLowId: 4, userHighId: 9 });
    expect(pairOf(4, 9)).toEqual({ userLowId: 4, userHighId: 9 });
  });
});
