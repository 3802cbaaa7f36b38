import { desc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { getDb } from '@/db/client';
import * as s from '@/db/schema';
import { setupApi } from '../helpers/api';
import { setupTestDb } from '../helpers/db';

setupTestDb();
const api = setupApi();

describe('newsletter', () => {
  it('mails a confirmation link and counts the address once it is confirmed (double opt-in)', async () => {
    const email = `news.${Date.now()}@example.com`;
    const res = await api().inject({
      method: 'POST',
      url: '/api/newsletter',
      headers: { 'accept-language': 'en' },
      payload: { email },
    });
    expect(res.statusCode).toBe(200);
    const db = await getDb();
    const [row] = await db
      .select()
      .from(s.newsletterSubscribers)
      .where(eq(s.newsletterSubscribers.email, email));
    expect(row?.confirmedAt).toBeNull();
    const [mail] = await db
      .select()
      .from(s.mailOutbox)
      .where(eq(s.mailOutbox.to, email))
      .orderBy(desc(s.mailOutbox.id));
    const token = mail?.text.match(/\/newsletter\/confirm\/([\w-]+)/)?.[1];
    expect(token).toBeTruthy();
    expect((await api().inject({ method: 'POST', url: `/api/newsletter/confirm/${token}` })).statusCode).toBe(
      200,
    );
    const [confirmed] = await db
      .select()
      .from(s.newsletterSubscribers)
      .where(eq(s.newsletterSubscribers.email, email));
    expect(confirmed?.confirmedAt).not.toBeNull();
    expect((await api().inject({ method: 'POST', url: `/api/newsletter/confirm/${token}` })).statusCode).toBe(
      422,
    );
    // The same answer for an address that is already in.
    const again = await api().inject({
      method: 'POST',
      url: '/api/newsletter',
      headers: { 'accept-language': 'en' },
      payload: { email },
    });
    expect(again.json()).toEqual(res.json());
  });

  it.each([[''], ['not-an-email'], [undefined]])(
    'refuses %s with a 422 and stores nothing',
    async (email) => {
      const res = await api().inject({
        method: 'POST',
        url: '/api/newsletter',
        headers: { 'accept-language': 'en' },
        payload: { email },
      });
      expect(res.statusCode).toBe(422);
      expect(res.json().errors.email).toHaveLength(1);
    },
  );
});
