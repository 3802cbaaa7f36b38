import fs from 'node:fs';
import path from 'node:path';
import { desc, eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { getConfig } from '@/config';
import { getDb } from '@/db/client';
import * as s from '@/db/schema';
import { removeUnconfirmedAccounts } from '@/server/accounts/unconfirmed';
import { listLatestPlaceCards } from '@/server/places/place-cards';
import { resetRateLimits } from '@/server/rate-limit';
import { searchDataChanged } from '@/server/search/search-cache';
import { setupApi } from '../helpers/api';
import { setupTestDb } from '../helpers/db';
import { multipart, png } from '../helpers/forms';

// Issue 26 item 2: a company that registered and never confirmed its address had its place public at
// once - first on the home page, first in the newest places, its page answering 200.

setupTestDb();
const api = setupApi();
beforeEach(() => {
  resetRateLimits();
  searchDataChanged();
});

let seq = 0;
const uniqueEmail = () => `spam.${Date.now()}.${++seq}@example.com`;

async function registerCompany(email: string, name: string) {
  const form = await multipart(
    {
      company_name: 'Spam sp. z o.o.',
      email,
      password: 'tajnehaslo1',
      password_confirmation: 'tajnehaslo1',
      name,
      city: 'Gdańsk',
      street: 'Długa 1',
      postcode: '80-831',
      phone: '+48 58 123 45 67',
      description: '<p>Najlepsza oferta.</p>',
      'categories[]': ['1'],
      ...Object.fromEntries([1, 2, 3, 4, 5, 6, 7].map((d) => [`place_hours_whole_day[${d}]`, '1'])),
    },
    { logo: await png(300, 300, '#ff0000') },
  );
  const res = await api().inject({ method: 'POST', url: '/api/company', ...form });
  expect(res.statusCode, res.body).toBe(201);
  const db = await getDb();
  const [row] = await db
    .select({ userId: s.users.id, placeId: s.places.id, logoUrl: s.places.logoUrl })
    .from(s.users)
    .innerJoin(s.places, eq(s.places.userId, s.users.id))
    .where(eq(s.users.email, email));
  if (!row) throw new Error('not registered');
  return row;
}

async function confirm(email: string) {
  const db = await getDb();
  const [mail] = await db
    .select()
    .from(s.mailOutbox)
    .where(eq(s.mailOutbox.to, email))
    .orderBy(desc(s.mailOutbox.id))
    .limit(1);
  const token = mail?.text.match(/\/user\/verify\/([\w-]+)/)?.[1];
  expect(token).toBeTruthy();
  expect((await api().inject({ method: 'POST', url: `/api/user/verify/${token}` })).statusCode).toBe(200);
}

const latestIds = async () =>
  (await api().inject({ url: '/api/place?order_by=latest&per_page=50' }))
    .json()
    .data.map((p: { id: number }) => p.id);

describe('nothing public before its owner is confirmed (issue 26)', () => {
  it('keeps the place of an unconfirmed company out of lists, pages and search until the address is confirmed', async () => {
    const email = uniqueEmail();
    const { placeId } = await registerCompany(email, 'Najtańsze kredyty bez BIK');
    expect(await latestIds()).not.toContain(placeId);
    expect((await api().inject({ url: `/api/place/${placeId}` })).statusCode).toBe(404);
    const found = await api().inject({ url: '/api/place?search=kredyty' });
    expect(found.json().data.map((p: { id: number }) => p.id)).not.toContain(placeId);
    expect((await listLatestPlaceCards({ limit: 50, locale: 'pl' })).map((p) => p.id)).not.toContain(placeId);

    await confirm(email);
    expect(await latestIds()).toContain(placeId);
    const page = await api().inject({ url: `/api/place/${placeId}` });
    expect(page.statusCode).toBe(200);
    expect(page.json().data.verified).toBe(false);
    // Findable with its label, but not among the home page's newest places until an admin verifies it.
    expect((await listLatestPlaceCards({ limit: 50, locale: 'pl' })).map((p) => p.id)).not.toContain(placeId);
    const db = await getDb();
    await db.update(s.places).set({ verified: true }).where(eq(s.places.id, placeId));
    expect((await listLatestPlaceCards({ limit: 50, locale: 'pl' }))[0]?.id).toBe(placeId);
  });

  it('leaves a place an admin hid meanwhile hidden when the owner confirms', async () => {
    const email = uniqueEmail();
    const { placeId } = await registerCompany(email, 'Sala ukryta przez admina');
    const db = await getDb();
    const hiddenByAdmin = new Date(Date.now() + 1000);
    await db.update(s.places).set({ hiddenAt: hiddenByAdmin }).where(eq(s.places.id, placeId));
    await confirm(email);
    expect((await api().inject({ url: `/api/place/${placeId}` })).statusCode).toBe(404);
  });

  it('removes an account left unconfirmed for 7 days with its place and files, and nothing else', async () => {
    const db = await getDb();
    const old = await registerCompany(uniqueEmail(), 'Stara nieaktywna sala');
    const young = await registerCompany(uniqueEmail(), 'Świeża sala');
    const confirmedEmail = uniqueEmail();
    const confirmed = await registerCompany(confirmedEmail, 'Potwierdzona sala');
    await confirm(confirmedEmail);
    const eightDaysAgo = new Date(Date.now() - 8 * 86_400_000);
    for (const id of [old.userId, confirmed.userId])
      await db.update(s.users).set({ createdAt: eightDaysAgo }).where(eq(s.users.id, id));
    // The confirmed company shares the logo file (identical uploads share one key): it must stay.
    expect(old.logoUrl).toBe(confirmed.logoUrl);
    const uniqueLogo = `/media/logo/${'ab'.repeat(16)}.webp`;
    await db.update(s.places).set({ bannerUrl: uniqueLogo }).where(eq(s.places.id, old.placeId));
    const uploads = getConfig().uploadsDir;
    fs.mkdirSync(path.join(uploads, 'logo'), { recursive: true });
    const bannerFile = path.join(uploads, 'logo', `${'ab'.repeat(16)}.webp`);
    fs.writeFileSync(bannerFile, 'x');

    const { removed } = await removeUnconfirmedAccounts();
    expect(removed).toEqual([old.userId]);
    expect(await db.select().from(s.users).where(eq(s.users.id, old.userId))).toHaveLength(0);
    expect(await db.select().from(s.places).where(eq(s.places.id, old.placeId))).toHaveLength(0);
    expect(fs.existsSync(bannerFile)).toBe(false);
    const sharedLogo = path.join(uploads, (confirmed.logoUrl ?? '').replace(/^\/media\//, ''));
    expect(fs.existsSync(sharedLogo)).toBe(true);
    expect(await db.select().from(s.places).where(eq(s.places.id, young.placeId))).toHaveLength(1);
    expect((await api().inject({ url: `/api/place/${confirmed.placeId}` })).statusCode).toBe(200);
  });
});
