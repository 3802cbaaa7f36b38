import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DbHandle, openPostgres } from '@/db/client';
import { expectNoAxeViolations } from '../helpers/axe';
import {
  choosePlace,
  elementHydrated,
  hydrated,
  setupBrowser,
  signIn,
  watchErrors,
} from '../helpers/browser';
import { resizeTo } from '../helpers/page-frame';
import { createPostgresDatabase, type PortalServer, startPortal } from '../helpers/portal-server';

// Issue 13: a company buys through the portal's test payment provider (no PayU configured, as on a fresh
// machine) and gets what it paid for. These journeys change the company's plan, quota and promotions
// and move an ad's dates (the clock, as the data sees it), so they run their own portal on a PostgreSQL
// database the test can write to while the portal runs.

const browser = setupBrowser();
const pgUrl = process.env.E2E_DATABASE_URL;
const company = 'firma@example.com';

let server: PortalServer | undefined;
let db: DbHandle | undefined;
let drop: (() => Promise<void>) | undefined;

async function sql<T>(query: string): Promise<T[]> {
  if (!db) throw new Error('no database');
  return (await db.db.execute(query)) as unknown as T[];
}

beforeAll(async () => {
  if (!pgUrl) return;
  const created = await createPostgresDatabase(pgUrl, `portal_e2e_pay_${process.pid}`, { seeded: true });
  drop = created.drop;
  server = await startPortal({ databaseUrl: created.url, from: created.folder });
  db = await openPostgres(created.url, { max: 1 });
}, 240_000);

afterAll(async () => {
  await db?.close();
  await server?.stop();
  await drop?.();
});

async function companyPage(): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
  const context = await browser.context({ baseURL: server?.baseUrl });
  const page = await signIn(context, company);
  return { context, page, errors: watchErrors(page) };
}

/**
 * Issue 27: before the payment the buyer confirms the billing data; the first purchase fills it in (the
 * demo company has none), later ones find it prefilled.
 */
async function confirmBilling(page: Page) {
  const dialog = page.getByRole('dialog', { name: 'Dane do faktury' });
  await expect.poll(() => dialog.isVisible(), { timeout: 10_000 }).toBe(true);
  const name = dialog.getByLabel('Nazwa firmy');
  if ((await name.inputValue()) === '') {
    await name.fill('Firma Testowa sp. z o.o.');
    await dialog.getByRole('textbox', { name: 'NIP' }).fill('PL 123-456-32-18');
    await dialog.getByLabel('Ulica i numer').fill('Długa 1');
    await dialog.getByLabel('Kod pocztowy').fill('80-831');
    await dialog.getByLabel('Miejscowość').fill('Gdańsk');
  }
  await dialog.getByRole('button', { name: 'Zapisz i przejdź do płatności' }).click();
}

/** Confirms the billing data, pays on the test provider's page and waits for /cart/finish to say so. */
async function payOnTestPage(page: Page) {
  await confirmBilling(page);
  await page.waitForURL(/\/cart\/test\//);
  expect(await page.getByText(/TRYB TESTOWY/).count()).toBeGreaterThan(0);
  await page.getByRole('button', { name: 'Zapłać (test)' }).click();
  await page.waitForURL(/\/cart\/finish\?order=/);
  await expect.poll(() => page.getByRole('heading', { name: 'Płatność przyjęta' }).count()).toBe(1);
}

describe.skipIf(!pgUrl)('buying through the test payment provider', () => {
  it('a company with no creations left buys an event pack from the dialog and then creates an event', async () => {
    await sql(`update users set events_left = 0 where email = '${company}'`);
    const { context, page, errors } = await companyPage();
    await page.goto('/calendar');
    const dialog = page.getByRole('dialog', { name: 'Pakiety wydarzeń' });
    await expect.poll(() => dialog.isVisible()).toBe(true);
    await dialog.getByRole('button', { name: 'Kup: Pakiet 5 dodatkowych wydarzeń', exact: true }).click();
    await payOnTestPage(page);
    expect(await page.getByText(/\+5 wydarzeń/).count()).toBeGreaterThan(0);
    const [row] = await sql<{ events_left: number }>(
      `select events_left from users where email = '${company}'`,
    );
    expect(row?.events_left).toBe(5);

    await page.goto('/calendar');
    // The place's address is filled in by the form's script: choose the place once it runs.
    await hydrated(page);
    const form = page.getByRole('form', { name: 'Nowe wydarzenie' });
    await choosePlace(form);
    expect(await dialog.isVisible()).toBe(false);
    await form.getByLabel('Nazwa wydarzenia').fill('Koncert opłacony pakietem');
    await form.getByRole('combobox', { name: 'Kategoria' }).selectOption({ label: 'Koncerty' });
    await form.getByLabel('Data rozpoczęcia').fill('2027-04-10');
    await form.getByLabel('Godzina rozpoczęcia').fill('18:00');
    await form.getByLabel('Data zakończenia').fill('2027-04-10');
    await form.getByLabel('Godzina zakończenia').fill('20:00');
    await form.getByLabel('Cena od (zł)').fill('30');
    await form.getByLabel('Cena do (zł)').fill('60');
    await form.getByLabel('Liczba wolnych miejsc').fill('80');
    await form.getByRole('button', { name: 'Dodaj wydarzenie' }).click();
    await page.waitForURL(/\/event\/\d+$/, { timeout: 20_000 });
    const [after] = await sql<{ events_left: number }>(
      `select events_left from users where email = '${company}'`,
    );
    expect(after?.events_left).toBe(4);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('a company buys a plan for 3 months and its place page shows what the plan unlocks', async () => {
    await sql(`update users set premium_setting_id = (select id from premium_settings where is_default order by id limit 1),
      premium_until = null where email = '${company}'`);
    const [place] = await sql<{ id: number }>(
      `select p.id from places p join users u on u.id = p.user_id where u.email = '${company}' and p.phone is not null
       and p.lat is not null order by p.id limit 1`,
    );
    expect(place).toBeDefined();
    const { context, page, errors } = await companyPage();
    await page.goto(`/places/${place?.id}`);
    expect(await page.getByRole('button', { name: /Kopiuj numer telefonu/ }).count()).toBe(0);
    expect(await page.getByRole('link', { name: 'Otwórz na mapie' }).count()).toBe(0);

    await page.goto('/premium');
    // A duration must be chosen first (spec §5).
    await page.getByRole('button', { name: 'Kup plan Standard' }).click();
    await expect.poll(() => page.getByText('Wybierz, na ile miesięcy kupujesz plan.').count()).toBe(1);
    expect(new URL(page.url()).pathname).toBe('/premium');
    await page.getByRole('group', { name: 'Na jak długo? (plan Standard)' }).getByLabel('3 miesiące').check();
    await page.getByRole('button', { name: 'Kup plan Standard' }).click();
    await payOnTestPage(page);
    const [bought] = await sql<{ level: number; until: Date }>(
      `select s.level, u.premium_until as until from users u join premium_settings s on s.id = u.premium_setting_id
       where u.email = '${company}'`,
    );
    expect(bought?.level).toBe(2);
    const days = (new Date(bought?.until ?? 0).getTime() - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(88);
    expect(days).toBeLessThan(93);

    await page.goto(`/places/${place?.id}`);
    await expect
      .poll(() => page.getByRole('button', { name: /Kopiuj numer telefonu/ }).count())
      .toBeGreaterThan(0);
    expect(await page.getByRole('link', { name: 'Otwórz na mapie' }).count()).toBe(1);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('a company promotes its event and it appears in the home page promoted carousel', async () => {
    // Only this event is promoted, so the carousel's ten places are not all taken.
    await sql('delete from event_promotions');
    const [event] = await sql<{ id: number; name: string }>(
      `select e.id, e.name from events e join users u on u.id = e.user_id where u.email = '${company}'
       and e.start_date > now() + interval '1 day' order by e.start_date limit 1`,
    );
    expect(event).toBeDefined();
    const { context, page, errors } = await companyPage();
    await page.goto('/');
    const carousel = page.getByRole('region', { name: 'Polecane wydarzenia' });
    expect(await carousel.count()).toBe(0);

    await page.goto(`/event/${event?.id}`);
    const panel = page.getByRole('region', { name: 'Promuj to wydarzenie' });
    await panel
      .getByRole('button', { name: /^Kup: / })
      .first()
      .click();
    await payOnTestPage(page);
    await page.goto(`/event/${event?.id}`);
    await expect.poll(() => panel.getByText(/Promowane do/).count()).toBe(1);

    await page.goto('/');
    await expect.poll(() => carousel.getByText(event?.name ?? '-').count()).toBeGreaterThan(0);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('a home-page ad shows for 7 days and then not', async () => {
    const adName = `Wieczory z Bachem ${process.pid}`;
    // The demo company's running ad would go first (a new ad for the same place starts when it ends).
    await sql('delete from home_ads');
    const { context, page, errors } = await companyPage();
    await page.goto('/profile');
    // Typed before the form's script runs, the name would be replaced by the place's when it hydrates.
    await elementHydrated(page.getByLabel('Nazwa wyświetlana w reklamie'));
    await page.getByLabel('Nazwa wyświetlana w reklamie').fill(adName);
    await page.getByRole('button', { name: /^Kup reklamę/ }).click();
    await payOnTestPage(page);
    await context.close();

    // What anyone sees: an anonymous visitor, whose home page may come from the page cache.
    const visitor = await browser.context({ baseURL: server?.baseUrl });
    const home = await visitor.newPage();
    const visitorErrors = watchErrors(home);
    const ads = home
      .locator('section')
      .filter({ has: home.getByRole('heading', { name: 'Polecane miejsca' }) });
    // The paid order empties the page cache through the database's notification, which may arrive a
    // moment after the payment page says so: ask again until it has.
    await expect
      .poll(async () => {
        await home.goto('/');
        return ads.getByText(adName).count();
      })
      .toBe(1);

    // Six days on (the ad's dates moved back, as the clock moving forward would): still shown.
    await sql(`update home_ads set starts_at = starts_at - interval '6 days', ends_at = ends_at - interval '6 days'
      where name = '${adName}'`);
    await home.reload();
    await expect.poll(() => ads.getByText(adName).count()).toBe(1);
    // Two more days: the seven are over.
    await sql(`update home_ads set starts_at = starts_at - interval '2 days', ends_at = ends_at - interval '2 days'
      where name = '${adName}'`);
    await expect
      .poll(async () => {
        await home.reload();
        return home.getByText(adName).count();
      })
      .toBe(0);
    expect(errors).toEqual([]);
    expect(visitorErrors).toEqual([]);
    await visitor.close();
  });
});

describe('the payment pages on a phone and a wide screen, in both languages', () => {
  it('/premium and /cart/finish fit, pass axe and log no errors, for a visitor and for a company', async () => {
    for (const signedIn of [false, true]) {
      for (const locale of ['pl', 'en']) {
        const context = await browser.context({ viewport: { width: 360, height: 900 } });
        // Signed in through the Polish login page; the language is chosen afterwards.
        const page = signedIn ? await signIn(context, company) : await context.newPage();
        await context.addCookies([{ name: 'locale', value: locale, url: browser.baseUrl() }]);
        const errors = watchErrors(page);
        // Each width by resizing the loaded page: the layout follows CSS alone (decision 73).
        for (const path of ['/premium', '/cart/finish']) {
          expect((await page.goto(path))?.status(), path).toBe(200);
          for (const width of [360, 1920]) {
            await resizeTo(page, width);
            expect(await page.evaluate(() => document.documentElement.scrollWidth), path).toBeLessThanOrEqual(
              width,
            );
            await expectNoAxeViolations(page, { label: `${path} ${locale} ${width}` });
          }
        }
        // The comparison: a table on wide screens, cards on phones; the promo badge for newcomers only.
        await page.goto('/premium');
        for (const width of [360, 1920]) {
          await resizeTo(page, width);
          expect(await page.getByRole('table').isVisible(), `${width} px`).toBe(width >= 960);
        }
        expect(errors).toEqual([]);
        await context.close();
      }
    }
    // 8 page loads, 16 axe runs.
  }, 180_000);
});
