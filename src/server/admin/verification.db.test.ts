import { desc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { getDb } from '@/db/client';
import { events, mailOutbox, places } from '@/db/schema';
import { listNotifications } from '@/server/notifications/list-notifications';
import { insertActor, insertEvent, insertPlace } from '@/test-support/fixtures';
import { decidePlace, decideWalk, listPendingWalks } from './verification';

// Issue 14 point 2: the owner is told of every decision in their own language, and the walk queue
// holds the walks of places and of events, oldest first.

async function lastMail(to: string) {
  const db = await getDb();
  const [mail] = await db
    .select()
    .from(mailOutbox)
    .where(eq(mailOutbox.to, to))
    .orderBy(desc(mailOutbox.id))
    .limit(1);
  return mail;
}

describe('telling the owner', () => {
  it('words the notification and the mail of each decision in Polish and in English', async () => {
    const admin = await insertActor('admin');
    for (const locale of ['pl', 'en'] as const) {
      const owner = await insertActor('company', { locale, companyName: 'Bursztyn sp. z o.o.' });
      const place = await insertPlace(owner.id, {
        name: 'Muzeum',
        virtualWalkUrl: 'https://walk.example.com/m',
      });
      const event = await insertEvent(owner.id, place.id);
      const db = await getDb();
      await db
        .update(events)
        .set({ virtualWalkUrl: 'https://walk.example.com/e' })
        .where(eq(events.id, event.id));

      const texts: string[] = [];
      const steps = [
        () => decidePlace({ admin, placeId: place.id, decision: { verdict: 'verify' } }),
        () =>
          decidePlace({ admin, placeId: place.id, decision: { verdict: 'reject', reason: 'Brak adresu' } }),
        () => decideWalk({ admin, kind: 'place', id: place.id, decision: { verdict: 'verify' } }),
        () =>
          decideWalk({
            admin,
            kind: 'event',
            id: event.id,
            decision: { verdict: 'reject', reason: 'Zły link' },
          }),
      ];
      for (const step of steps) {
        await step();
        const mail = await lastMail(owner.email);
        expect(mail).toBeDefined();
        for (const part of [mail!.subject, mail!.text, mail!.html]) {
          expect(part).not.toMatch(/mail\.|\{\w+\}/);
        }
        expect(mail!.text).toContain('Bursztyn sp. z o.o.');
        texts.push(mail!.subject);
      }
      const { data } = await listNotifications({ userId: owner.id, locale });
      expect(data).toHaveLength(4);
      for (const n of data) expect(n.message).not.toMatch(/notifications\.|\{\w+\}/);
      if (locale === 'pl') {
        expect(data.map((n) => n.message)).toContain(
          `Wirtualny spacer wydarzenia „${event.name}” nie przeszedł weryfikacji: Zły link`,
        );
        expect(texts[0]).toBe('Miejsce „Muzeum” jest zweryfikowane');
      } else {
        expect(data.map((n) => n.message)).toContain(
          'The virtual walk of the place “Muzeum” has been verified',
        );
        expect(texts[1]).toBe('Your place “Muzeum” did not pass verification');
      }
      const [row] = await db.select().from(places).where(eq(places.id, place.id));
      expect(row).toMatchObject({
        verified: false,
        verificationState: 'rejected',
        virtualWalkVerified: true,
      });
    }
  });
});

describe('the walk queue', () => {
  it('holds pending walks of places and events with a link, oldest first, and leaves hidden ones out', async () => {
    const owner = await insertActor('company');
    const db = await getDb();
    const older = await insertPlace(owner.id, {
      name: 'Starsze',
      virtualWalkUrl: 'https://walk.example.com/1',
      createdAt: new Date('2020-01-01T00:00:00Z'),
    });
    const event = await insertEvent(owner.id, older.id);
    await db
      .update(events)
      .set({ virtualWalkUrl: 'https://walk.example.com/2', createdAt: new Date('2020-01-02T00:00:00Z') })
      .where(eq(events.id, event.id));
    const hidden = await insertPlace(owner.id, {
      virtualWalkUrl: 'https://walk.example.com/3',
      hiddenAt: new Date(),
      createdAt: new Date('2020-01-01T12:00:00Z'),
    });
    const noLink = await insertPlace(owner.id, { createdAt: new Date('2020-01-01T06:00:00Z') });

    const { data, total } = await listPendingWalks();
    const ours = data.filter((w) => [older.id, hidden.id, noLink.id].includes(w.place.id));
    expect(ours.map((w) => [w.kind, w.id])).toEqual([
      ['place', older.id],
      ['event', event.id],
    ]);
    expect(ours[1]).toMatchObject({ place: { id: older.id, name: 'Starsze' }, page: `/event/${event.id}` });
    expect(total).toBeGreaterThanOrEqual(2);
  });
});
