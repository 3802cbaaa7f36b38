import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { getDb } from '@/db/client';
import { events } from '@/db/schema';
import type { AuthUser } from '@/server/auth/access-tokens';
import { createFormEvent, organiserWithPlace } from '@/test-support/event-form';
import { userRow } from '@/test-support/fixtures';
import { deleteEvent } from './delete-event';

// Issue 29 point 7: deleting an event that has not started gives back the creation it took, in the
// delete's transaction; one that began (a series: its first date) gives nothing back.

// The form's dates are in 2031: "before" and "after" are clocks on either side of its start.
const before = new Date('2030-12-01T12:00:00Z');
const after = new Date('2031-01-02T12:00:00Z');

const left = async (actor: AuthUser) => (await userRow(actor.id)).eventsLeft;

async function exists(eventId: number) {
  const db = await getDb();
  return (await db.select({ id: events.id }).from(events).where(eq(events.id, eventId))).length > 0;
}

describe('deleteEvent gives the creation back', () => {
  it('gives one back for an event that has not started', async () => {
    const { actor, placeId } = await organiserWithPlace(3);
    const { id } = await createFormEvent(actor, placeId);
    expect(await left(actor)).toBe(2);
    expect(await deleteEvent({ actor, eventId: id, now: before })).toEqual({ creationBack: true });
    expect(await exists(id)).toBe(false);
    expect(await left(actor)).toBe(3);
  });

  it('gives nothing back for an event whose date has passed', async () => {
    const { actor, placeId } = await organiserWithPlace(3);
    const { id } = await createFormEvent(actor, placeId);
    expect(await deleteEvent({ actor, eventId: id, now: after })).toEqual({ creationBack: false });
    expect(await exists(id)).toBe(false);
    expect(await left(actor)).toBe(2);
  });

  it('cannot mint creations by creating and deleting', async () => {
    const { actor, placeId } = await organiserWithPlace(1);
    for (let i = 0; i < 3; i++) {
      const { id } = await createFormEvent(actor, placeId, { name: `Próba ${i}` });
      expect(await left(actor)).toBe(0);
      await deleteEvent({ actor, eventId: id, now: before });
      expect(await left(actor)).toBe(1);
    }
  });

  it("refuses another company's event and changes nothing", async () => {
    const owner = await organiserWithPlace(2);
    const other = await organiserWithPlace(2);
    const { id } = await createFormEvent(owner.actor, owner.placeId);
    await expect(deleteEvent({ actor: other.actor, eventId: id, now: before })).rejects.toMatchObject({
      code: 'forbidden',
    });
    await expect(
      deleteEvent({ actor: other.actor, eventId: 2_000_000_000, now: before }),
    ).rejects.toMatchObject({
      code: 'not_found',
    });
    expect(await exists(id)).toBe(true);
    expect(await left(owner.actor)).toBe(1);
    expect(await left(other.actor)).toBe(2);
  });

  it('gives a series its one creation back once, before its first date only', async () => {
    const series = {
      repeat: 'weekly',
      repeat_days: ['WE'],
      repeat_end: 'count',
      repeat_count: '6',
    };
    const { actor, placeId } = await organiserWithPlace(4);
    const first = await createFormEvent(actor, placeId, series);
    const second = await createFormEvent(actor, placeId, series);
    expect(await left(actor)).toBe(2);
    await deleteEvent({ actor, eventId: first.id, now: before });
    expect(await left(actor)).toBe(3);
    // After its first date the series has begun, though later dates are still ahead.
    await deleteEvent({ actor, eventId: second.id, now: after });
    expect(await left(actor)).toBe(3);
  });

  it('gives one back when the same event is deleted twice at once', async () => {
    const { actor, placeId } = await organiserWithPlace(2);
    const { id } = await createFormEvent(actor, placeId);
    const results = await Promise.allSettled([
      deleteEvent({ actor, eventId: id, now: before }),
      deleteEvent({ actor, eventId: id, now: before }),
    ]);
    const back = results.filter((r) => r.status === 'fulfilled' && r.value.creationBack);
    expect(back).toHaveLength(1);
    expect(await left(actor)).toBe(2);
  });
});
