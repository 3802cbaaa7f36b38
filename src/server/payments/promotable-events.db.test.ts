import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { getDb } from '@/db/client';
import { eventPromotions, events } from '@/db/schema';
import { AppError } from '@/server/errors';
import { insertActor, insertEvent, insertPlace } from '@/test-support/fixtures';
import { listPromotableEvents, promotableEventsPerPage } from './promotable-events';

// Issue 29 point 9: /premium's promotion offer lists the company's events that can still be promoted.

const day = 86_400_000;

describe('listPromotableEvents', () => {
  it('lists the company’s own events not over nor hidden, soonest first, with their promotion', async () => {
    const db = await getDb();
    const company = await insertActor('company');
    const other = await insertActor('company');
    const place = await insertPlace(company.id);
    const now = new Date();
    const make = async (name: string, inDays: number, values: Partial<typeof events.$inferInsert> = {}) => {
      const event = await insertEvent(company.id, place.id);
      const start = new Date(now.getTime() + inDays * day);
      await db
        .update(events)
        .set({ name, startDate: start, endDate: new Date(start.getTime() + 2 * 3_600_000), ...values })
        .where(eq(events.id, event.id));
      return event.id;
    };
    const later = await make('Później', 9);
    const soon = await make('Wkrótce', 2);
    await make('Minione', -3);
    await make('Ukryte', 4, { hiddenAt: now });
    await insertEvent(other.id, (await insertPlace(other.id)).id);
    const until = new Date(now.getTime() + 5 * day);
    await db.insert(eventPromotions).values([
      { eventId: later, startsAt: new Date(now.getTime() - day), endsAt: until },
      // An ended promotion is no promotion now.
      { eventId: soon, startsAt: new Date(now.getTime() - 9 * day), endsAt: new Date(now.getTime() - day) },
    ]);

    const listed = await listPromotableEvents({ actor: company, now });
    expect(listed.total).toBe(2);
    expect(listed.data.map((e) => [e.name, e.promoted_until])).toEqual([
      ['Wkrótce', null],
      ['Później', until.toISOString()],
    ]);
  });

  it('pages by ten and keeps a page number past the last within range', async () => {
    const company = await insertActor('company');
    const place = await insertPlace(company.id);
    for (let i = 0; i < promotableEventsPerPage + 3; i++) await insertEvent(company.id, place.id);
    const first = await listPromotableEvents({ actor: company });
    expect([first.data.length, first.total, first.page, first.last_page]).toEqual([10, 13, 1, 2]);
    const beyond = await listPromotableEvents({ actor: company, page: 7 });
    expect([beyond.data.length, beyond.page]).toEqual([3, 2]);
  });

  it('is for companies only', async () => {
    const attendee = await insertActor('user');
    await expect(listPromotableEvents({ actor: attendee })).rejects.toBeInstanceOf(AppError);
  });
});
