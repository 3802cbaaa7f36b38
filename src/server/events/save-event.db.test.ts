import { count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { getDb } from '@/db/client';
import { events, notifications, placeFavourites } from '@/db/schema';
import { createFormEvent, organiserWithPlace } from '@/test-support/event-form';
import { insertActor, insertPlace, seededPlans, userRow } from '@/test-support/fixtures';
import { getEventsLeft } from './quota';

// Spec §6/§9: a company creates events at its own places, each taking one of its left creations
// (users.events_left), taken by one conditional UPDATE so that parallel creations cannot overdraw it.

/** A company on the top plan with one place and `eventsLeft` creations, and a fan following the place. */
async function organiser(eventsLeft: number) {
  const { actor, placeId } = await organiserWithPlace(eventsLeft);
  const fan = await insertActor('user');
  const db = await getDb();
  await db.insert(placeFavourites).values({ userId: fan.id, placeId });
  return { actor, placeId, fanId: fan.id };
}

async function eventsOf(userId: number) {
  const db = await getDb();
  const [row] = await db.select({ n: count() }).from(events).where(eq(events.userId, userId));
  return row?.n ?? 0;
}

async function notificationsOf(userId: number) {
  const db = await getDb();
  const [row] = await db.select({ n: count() }).from(notifications).where(eq(notifications.userId, userId));
  return row?.n ?? 0;
}

describe('createEvent and the quota of left creations', () => {
  it('takes one creation per event and says how many are left', async () => {
    const { actor, placeId, fanId } = await organiser(2);
    const first = await createFormEvent(actor, placeId);
    expect(first.eventsLeft).toBe(1);
    expect(await getEventsLeft({ actor })).toBe(1);
    const db = await getDb();
    const [row] = await db.select().from(events).where(eq(events.id, first.id));
    expect(row).toMatchObject({ userId: actor.id, placeId, name: 'Koncert noworoczny' });
    expect((await createFormEvent(actor, placeId)).eventsLeft).toBe(0);
    expect(await eventsOf(actor.id)).toBe(2);
    expect((await userRow(actor.id)).eventsLeft).toBe(0);
    // Issue 29: the fan hears of both in one notification (one per place and day).
    expect(await notificationsOf(fanId)).toBe(1);
  });

  it('refuses at 0 with quota_exceeded and writes nothing', async () => {
    const { actor, placeId, fanId } = await organiser(0);
    await expect(createFormEvent(actor, placeId)).rejects.toMatchObject({
      code: 'quota_exceeded',
      messageKey: 'events.quota_empty',
    });
    expect(await eventsOf(actor.id)).toBe(0);
    expect(await notificationsOf(fanId)).toBe(0);
    expect((await userRow(actor.id)).eventsLeft).toBe(0);
  });

  it('gives one creation left to exactly one of two creations at once', async () => {
    const { actor, placeId } = await organiser(1);
    const results = await Promise.allSettled([
      createFormEvent(actor, placeId, { name: 'Pierwszy' }),
      createFormEvent(actor, placeId, { name: 'Drugi' }),
    ]);
    const made = results.filter((r) => r.status === 'fulfilled');
    const refused = results.filter((r) => r.status === 'rejected');
    expect(made).toHaveLength(1);
    expect(refused).toHaveLength(1);
    expect(refused[0]?.reason).toMatchObject({ code: 'quota_exceeded' });
    expect(await eventsOf(actor.id)).toBe(1);
    expect((await userRow(actor.id)).eventsLeft).toBe(0);
  });

  it('gives K creations to exactly K of N > K creations at once', async () => {
    const { actor, placeId } = await organiser(3);
    const results = await Promise.allSettled(
      Array.from({ length: 8 }, (_, i) => createFormEvent(actor, placeId, { name: `Koncert ${i}` })),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(3);
    expect(await eventsOf(actor.id)).toBe(3);
    expect((await userRow(actor.id)).eventsLeft).toBe(0);
  });

  it('takes nothing from the quota when it refuses for another reason', async () => {
    const { actor, placeId, fanId } = await organiser(5);
    const other = await organiser(5);
    // Spec §6: events only at the company's own places.
    await expect(createFormEvent(actor, other.placeId)).rejects.toMatchObject({ code: 'forbidden' });
    await expect(createFormEvent(actor, placeId, { category_id: '999999' })).rejects.toMatchObject({
      code: 'validation',
      fields: { category_id: [{ key: 'validation.invalid_option' }] },
    });
    // The default plan allows no films.
    const { defaultPlan } = await seededPlans();
    expect(defaultPlan.moviesCount).toBe(0);
    const basic = await insertActor('company', { eventsLeft: 5, premiumSettingId: null });
    const basicPlace = await insertPlace(basic.id);
    await expect(
      createFormEvent(basic, basicPlace.id, { youtube: ['https://youtu.be/dQw4w9WgXcQ'] }),
    ).rejects.toMatchObject({ code: 'validation', fields: { youtube: [{ key: 'validation.plan_movies' }] } });
    for (const id of [actor.id, other.actor.id, basic.id]) {
      expect((await userRow(id)).eventsLeft).toBe(5);
      expect(await eventsOf(id)).toBe(0);
    }
    expect(await notificationsOf(fanId)).toBe(0);
    expect(await notificationsOf(other.fanId)).toBe(0);
  });

  it('is for companies only', async () => {
    const { placeId } = await organiser(5);
    const user = await insertActor('user', { eventsLeft: 5 });
    await expect(createFormEvent(user, placeId)).rejects.toMatchObject({ code: 'forbidden' });
    await expect(getEventsLeft({ actor: user })).rejects.toMatchObject({ code: 'forbidden' });
    expect((await userRow(user.id)).eventsLeft).toBe(5);
    expect(await eventsOf(user.id)).toBe(0);
  });
});
