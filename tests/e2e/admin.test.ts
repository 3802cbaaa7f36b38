import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DbHandle, openPostgres } from '@/db/client';
import { callFromPage, setupBrowser, signIn, watchErrors } from '../helpers/browser';
import {
  createAdmin,
  createPostgresDatabase,
  type PortalServer,
  startPortal,
} from '../helpers/portal-server';

// Issue 14: an admin verifies a place and its walk, hides a reported comment, blocks an account and renames a
// category. The admin comes from `npm run admin:create`; the portal runs on a PostgreSQL database the test
// can read and prepare while it runs.

const browser = setupBrowser();
const pgUrl = process.env.E2E_DATABASE_URL;

let server: PortalServer | undefined;
let db: DbHandle | undefined;
let drop: (() => Promise<void>) | undefined;
let databaseUrl = '';
let adminPassword = '';

async function sql<T>(query: string): Promise<T[]> {
  if (!db) throw new Error('no database');
  return (await db.db.execute(query)) as unknown as T[];
}

beforeAll(async () => {
  if (!pgUrl) return;
  const created = await createPostgresDatabase(pgUrl, `portal_e2e_admin_${process.pid}`, { seeded: true });
  drop = created.drop;
  databaseUrl = created.url;
  server = await startPortal({ databaseUrl, from: created.folder });
  db = await openPostgres(databaseUrl, { max: 1 });
  adminPassword = createAdmin(databaseUrl, 'operator@example.com');
}, 240_000);

afterAll(async () => {
  await db?.close();
  await server?.stop();
  await drop?.();
});

describe.skipIf(!pgUrl)('the admin area', () => {
  it('keeps out visitors (to /login) and non-admins (403)', async () => {
    const visitor = await browser.context({ baseURL: server?.baseUrl });
    const page = await visitor.newPage();
    await page.goto('/admin/verification');
    expect(new URL(page.url()).pathname).toBe('/login');
    expect(new URL(page.url()).searchParams.get('next')).toBe('/admin/verification');
    await visitor.close();
    const user = await browser.context({ baseURL: server?.baseUrl });
    const userPage = await signIn(user, 'uzytkownik@example.com');
    expect((await userPage.goto('/admin'))?.status()).toBe(403);
    await user.close();
  });

  it('verifies a place and its virtual walk, hides a reported comment, blocks an account and renames a category', async () => {
    // A place of the demo company, on a plan that shows walks, waiting for both reviews.
    await sql(`update users set premium_setting_id = (select id from premium_settings where virtual_walk order by level limit 1)
      where email = 'firma@example.com'`);
    const [place] = await sql<{ id: number; name: string }>(
      `select p.id, p.name from places p join users u on u.id = p.user_id where u.email = 'firma@example.com' order by p.id limit 1`,
    );
    await sql(`update places set verified = false, verification_state = 'pending',
      virtual_walk_url = 'https://spacer.example/filharmonia', walk_state = 'pending', virtual_walk_verified = false
      where id = ${place?.id}`);
    const context = await browser.context({ baseURL: server?.baseUrl });
    const admin = await signIn(context, 'operator@example.com', adminPassword);
    const errors = watchErrors(admin);

    await admin.goto(`/places/${place?.id}`);
    expect(await admin.getByText('Zweryfikowane', { exact: true }).count()).toBe(0);
    expect(await admin.getByRole('link', { name: /Rozpocznij wirtualny spacer/ }).count()).toBe(0);
    await admin.goto('/admin/verification');
    await admin
      .getByRole('button', { name: `Zweryfikuj: ${place?.name}` })
      .first()
      .click();
    await expect
      .poll(() => admin.getByRole('button', { name: `Zweryfikuj: ${place?.name}` }).count())
      .toBe(1);
    await admin.getByRole('button', { name: `Zweryfikuj: ${place?.name}` }).click();
    await expect
      .poll(() => admin.getByRole('button', { name: `Zweryfikuj: ${place?.name}` }).count())
      .toBe(0);
    await admin.goto(`/places/${place?.id}`);
    expect(await admin.getByText('Zweryfikowane', { exact: true }).count()).toBeGreaterThan(0);
    expect(await admin.getByRole('link', { name: /Rozpocznij wirtualny spacer/ }).count()).toBe(1);

    // An attendee reports a comment; hiding it changes the place's stars.
    const [comment] = await sql<{ id: number; place_id: number; stars: number }>(
      `select c.id, c.place_id, c.stars from comments c join places p on p.id = c.place_id
       where (select count(*) from comments o where o.place_id = c.place_id) > 1
         and c.stars <> (select round(avg(o.stars)::numeric, 2) from comments o where o.place_id = c.place_id)
       order by c.id limit 1`,
    );
    const starsOf = async () =>
      Number(
        (await sql<{ stars: number }>(`select stars from places where id = ${comment?.place_id}`))[0]?.stars,
      );
    const before = await starsOf();
    const attendeeContext = await browser.context({ baseURL: server?.baseUrl });
    const attendee = await signIn(attendeeContext, 'uzytkownik@example.com');
    const reported = await callFromPage(attendee, 'POST', '/api/report', {
      target: 'comment',
      target_id: comment?.id,
      reason: 'offensive',
      text: 'Obraźliwy wpis',
    });
    expect(reported.status).toBe(201);
    await admin.goto('/admin/reports');
    await admin.getByRole('button', { name: `Ukryj: Komentarz #${comment?.id}` }).click();
    await expect.poll(starsOf).not.toBe(before);
    const placeApi = await callFromPage(admin, 'GET', `/api/place/${comment?.place_id}`);
    expect((placeApi.json as { data: { stars: number } }).data.stars).toBe(await starsOf());

    // Blocking the attendee: their very next call is refused.
    expect((await callFromPage(attendee, 'GET', '/api/user')).status).toBe(200);
    await admin.goto('/admin/users?q=uzytkownik%40example.com');
    await admin
      .getByRole('button', { name: /^Zablokuj\b.*uzytkownik@example\.com/ })
      .first()
      .click();
    const dialog = admin.getByRole('dialog', { name: 'Zablokuj konto uzytkownik@example.com' });
    await dialog.getByLabel('Powód blokady').fill('Obraźliwe komentarze');
    await dialog.getByRole('button', { name: 'Zablokuj konto' }).click();
    await expect.poll(async () => (await callFromPage(attendee, 'GET', '/api/user')).status).toBe(401);
    await attendeeContext.close();

    // A category renamed in both languages shows on the home page in each.
    const [category] = await sql<{ id: number; name_pl: string }>(
      'select id, name_pl from categories order by position, id limit 1',
    );
    await admin.goto('/admin/catalogue/categories');
    await admin
      .getByRole('button', { name: `Edytuj: ${category?.name_pl}` })
      .first()
      .click();
    // The smallest box holding both the edit heading and its form.
    const editor = admin
      .locator('div')
      .filter({ has: admin.getByRole('heading', { name: `Edycja: ${category?.name_pl}` }) })
      .filter({ has: admin.locator('form') })
      .last();
    await editor.getByLabel('Nazwa po polsku').fill('Muzyka na żywo');
    await editor.getByLabel('Nazwa po angielsku').fill('Live music');
    await editor.getByRole('button', { name: 'Zapisz' }).click();
    await expect
      .poll(
        async () =>
          (await sql<{ name_en: string }>(`select name_en from categories where id = ${category?.id}`))[0]
            ?.name_en,
      )
      .toBe('Live music');
    await admin.goto('/');
    expect(await admin.getByText('Muzyka na żywo').count()).toBeGreaterThan(0);
    await context.addCookies([{ name: 'locale', value: 'en', url: server?.baseUrl ?? '' }]);
    await admin.goto('/');
    expect(await admin.getByText('Live music').count()).toBeGreaterThan(0);

    // Every action is in the audit log (in English now: the language was switched above).
    await admin.goto('/admin/audit');
    for (const action of [
      'Place verified',
      'Virtual walk verified',
      'Comment hidden',
      'Account blocked',
      'Category changed',
    ]) {
      expect(await admin.getByText(action).count(), action).toBeGreaterThan(0);
    }
    expect(errors).toEqual([]);
    await context.close();
  });
});
