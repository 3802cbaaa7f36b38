import { afterAll, describe, expect, it } from 'vitest';
import { openPostgres } from '@/db/client';
import { hydrated, setupBrowser, signIn, watchErrors } from '../helpers/browser';
import { png } from '../helpers/forms';
import { createPostgresDatabase, startPortal } from '../helpers/portal-server';

const browser = setupBrowser();

describe('the company’s place on a phone', () => {
  it('is one tap away in the account menu, where the top bar has no room for its icon', async () => {
    const context = await browser.context({ viewport: { width: 360, height: 800 }, isMobile: true });
    const page = await signIn(context, 'firma@example.com');
    const errors = watchErrors(page);
    const icon = page.getByRole('banner').getByRole('link', { name: 'Profil firmy' });
    expect(await icon.isVisible()).toBe(false);
    await page.locator('summary').filter({ hasText: 'Konto' }).click();
    const item = page.getByRole('link', { name: 'Profil firmy' }).filter({ visible: true });
    await expect.poll(() => item.count()).toBe(1);
    await item.click();
    await page.waitForURL(/\/places\/\d+$/);
    expect(await page.getByRole('heading', { level: 1 }).count()).toBe(1);
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('a place from creation to comments', () => {
  it('a company creates a place, a user rates, comments and favourites it, the owner answers', async () => {
    const owner = await browser.context();
    const page = await signIn(owner, 'firma@example.com');
    const errors = watchErrors(page);

    await page.goto('/account/places');
    await expect.poll(() => page.getByRole('heading', { name: 'Moje miejsca' }).count()).toBe(1);
    await page.getByRole('link', { name: 'Dodaj miejsce' }).click();
    await page.waitForURL(/\/account\/create-place$/);
    const form = page.getByRole('form', { name: 'Nowe miejsce' });
    await form.getByLabel('Nazwa miejsca').fill('Teatr Pod Testem');
    await form.getByLabel('Miejscowość').fill('Gdańsk');
    await form.getByLabel('Ulica i numer').fill('Długi Targ 1');
    await form.getByLabel('Kod pocztowy').fill('80-828');
    await form.getByLabel(/^Numer telefonu/).fill('+48 58 111 22 33');
    await form.getByLabel('Opis').fill('Spektakle lalkowe dla całych rodzin.');
    await form.getByRole('checkbox', { name: 'Teatr' }).check();
    for (const day of [1, 2, 3, 4, 5]) {
      await form.locator(`[data-day="${day}"]`).getByLabel('Od', { exact: true }).fill('10:00');
      await form.locator(`[data-day="${day}"]`).getByLabel('Do', { exact: true }).fill('18:00');
    }
    await form.locator('[data-day="6"]').getByLabel('Całą dobę').check();
    await form.locator('[data-day="7"]').getByLabel('Zamknięte').check();
    await form
      .getByLabel('Logo')
      .setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: await png(300, 300, '#aa3366') });
    await form.getByLabel('Dodaj zdjęcia').setInputFiles([
      { name: 'a.png', mimeType: 'image/png', buffer: await png(800, 600, '#336699') },
      { name: 'b.png', mimeType: 'image/png', buffer: await png(800, 600, '#669933') },
    ]);
    await form.getByRole('button', { name: 'Dodaj miejsce' }).click();
    await page.waitForURL(/\/account\/places$/);
    const link = page.getByRole('link', { name: 'Teatr Pod Testem', exact: true });
    await expect.poll(() => link.count()).toBe(1);
    const placeUrl = (await link.getAttribute('href')) ?? '';
    expect(placeUrl).toMatch(/^\/places\/\d+$/);

    await page.goto(placeUrl);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toContain('Teatr Pod Testem');
    await expect.poll(() => page.getByRole('button', { name: /Powiększ zdjęcie/ }).count()).toBe(2);

    // An attendee rates, comments and favourites the place.
    const visitor = await browser.context();
    const user = await signIn(visitor, 'uzytkownik@example.com');
    const userErrors = watchErrors(user);
    await user.goto(placeUrl);
    const heart = user.getByRole('button', { name: 'Ulubione', exact: true });
    expect(await heart.getAttribute('aria-pressed')).toBe('false');
    await heart.click();
    await expect.poll(() => heart.getAttribute('aria-pressed')).toBe('true');
    // The press shows at once; the reload below must come after the server has taken it.
    await expect.poll(() => heart.getAttribute('aria-busy')).toBe('false');
    const comment = user.getByRole('form', { name: 'Oceń to miejsce' });
    await comment.getByRole('radio', { name: '4 gwiazdki' }).check();
    await comment.getByLabel('Twoja opinia').fill('Świetny spektakl, dzieci zachwycone.');
    await comment.getByRole('button', { name: 'Opublikuj opinię' }).click();
    await expect
      .poll(() => user.getByText('Świetny spektakl, dzieci zachwycone.').count())
      .toBeGreaterThan(0);
    await user.reload();
    expect(
      await user.getByRole('button', { name: 'Ulubione', exact: true }).getAttribute('aria-pressed'),
    ).toBe('true');

    // The owner answers once; a press before the page has hydrated would open nothing.
    await page.reload();
    await hydrated(page);
    await page.getByRole('button', { name: 'Odpowiedz' }).first().click();
    await page.getByLabel('Twoja odpowiedź').fill('Dziękujemy i zapraszamy ponownie!');
    await page.getByRole('button', { name: 'Wyślij odpowiedź' }).click();
    await expect.poll(() => page.getByText('Dziękujemy i zapraszamy ponownie!').count()).toBeGreaterThan(0);
    await page.reload();
    expect(await page.getByRole('button', { name: 'Odpowiedz' }).count()).toBe(0);

    expect(errors).toEqual([]);
    expect(userErrors).toEqual([]);
    await owner.close();
    await visitor.close();
  });

  it('shows the place page without console errors in both languages at 360 px and 1920 px', async () => {
    for (const locale of ['pl', 'en']) {
      for (const width of [360, 1920]) {
        const context = await browser.context({ viewport: { width, height: 900 } });
        await context.addCookies([{ name: 'locale', value: locale, url: browser.baseUrl() }]);
        const page = await context.newPage();
        const errors = watchErrors(page);
        const res = await page.goto('/places/1');
        expect(res?.status()).toBe(200);
        expect(await page.getAttribute('html', 'lang')).toBe(locale);
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
        const jsonLd = await page.locator('script[type="application/ld+json"]').first().textContent();
        expect(JSON.parse(jsonLd ?? '{}')['@type']).toBe('LocalBusiness');
        await page.waitForTimeout(300);
        expect(errors).toEqual([]);
        await context.close();
      }
    }
  });

  it('sends an unknown place to the places list', async () => {
    const context = await browser.context();
    const page = await context.newPage();
    await page.goto('/places/999999');
    expect(new URL(page.url()).pathname).toBe('/list');
    await context.close();
  });
});

// Upgrading a plan "in the database" needs a database the test can write to while the portal runs;
// the embedded one is locked by the server, so this part runs the portal on PostgreSQL.
const pgUrl = process.env.E2E_DATABASE_URL;
describe.skipIf(!pgUrl)('plan gating on the place page', () => {
  let stop: (() => Promise<void>) | undefined;
  let drop: (() => Promise<void>) | undefined;
  afterAll(async () => {
    await stop?.();
    await drop?.();
  });

  it('hides what a free plan does not allow and shows it after the plan is upgraded', async () => {
    if (!pgUrl) return;
    const created = await createPostgresDatabase(pgUrl, `portal_e2e_${process.pid}`, { seeded: true });
    drop = created.drop;
    const url = created.url;
    const server = await startPortal({ databaseUrl: url, from: created.folder });
    stop = () => server.stop();
    const db = await openPostgres(url, { max: 1 });
    const free = (await db.db.execute(
      `select p.id as place, u.id as owner from places p join users u on u.id = p.user_id
       join premium_settings s on s.id = u.premium_setting_id where s.is_default and not s.display_phone and p.phone is not null
       order by p.id limit 1`,
    )) as unknown as { place: number; owner: number }[];
    const target = free[0];
    expect(target).toBeDefined();
    const context = await browser.context({ baseURL: server.baseUrl });
    const page = await context.newPage();
    const errors = watchErrors(page);
    await page.goto(`/places/${target!.place}`);
    expect(await page.getByRole('button', { name: /Kopiuj numer telefonu/ }).count()).toBe(0);
    expect(await page.getByRole('link', { name: 'Otwórz na mapie' }).count()).toBe(0);

    await db.db.execute(
      `update users set premium_setting_id = (select id from premium_settings order by level desc limit 1) where id = ${Number(target!.owner)}`,
    );
    await page.reload();
    await expect
      .poll(() => page.getByRole('button', { name: /Kopiuj numer telefonu/ }).count())
      .toBeGreaterThan(0);
    expect(await page.getByRole('link', { name: 'Otwórz na mapie' }).count()).toBe(1);
    expect(errors).toEqual([]);
    await db.close();
    await context.close();
  });
});
