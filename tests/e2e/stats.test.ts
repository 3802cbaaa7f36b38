import fs from 'node:fs';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DbHandle, openPostgres } from '@/db/client';
import { expectNoAxeViolations } from '../helpers/axe';
import { setupBrowser, signIn, watchErrors } from '../helpers/browser';
import { createPostgresDatabase, type PortalServer, startPortal } from '../helpers/portal-server';

// Issue 28 point 2: the demo company opens /account/stats, switches the period, sorts its events and
// places, downloads the CSV, and axe finds nothing in Polish and English, on a phone and a desktop.
// The figures are written straight into daily_stats, so the test runs its own portal on PostgreSQL.

const browser = setupBrowser();
const pgUrl = process.env.E2E_DATABASE_URL;
const company = 'firma@example.com';

let server: PortalServer | undefined;
let db: DbHandle | undefined;
let drop: (() => Promise<void>) | undefined;
const ids = { event: 0, place: 0 };

async function sql<T>(query: string): Promise<T[]> {
  if (!db) throw new Error('no database');
  return (await db.db.execute(query)) as unknown as T[];
}

/** A count `daysAgo` Warsaw days before today. */
const count = (subject: 'event' | 'place', id: number, daysAgo: number, measure: string, n: number) =>
  sql(`insert into daily_stats (subject, subject_id, day, measure, count)
    values ('${subject}', ${id}, (now() at time zone 'Europe/Warsaw')::date - ${daysAgo}, '${measure}', ${n})`);

beforeAll(async () => {
  if (!pgUrl) return;
  const created = await createPostgresDatabase(pgUrl, `portal_e2e_stats_${process.pid}`, { seeded: true });
  drop = created.drop;
  server = await startPortal({ databaseUrl: created.url, from: created.folder });
  db = await openPostgres(created.url, { max: 1 });
  const [event] = await sql<{ id: number }>(
    `select e.id from events e join users u on u.id = e.user_id where u.email = '${company}' order by e.id limit 1`,
  );
  const [place] = await sql<{ id: number }>(
    `select p.id from places p join users u on u.id = p.user_id where u.email = '${company}' order by p.id limit 1`,
  );
  if (!event || !place) throw new Error('the demo company has no event or place');
  Object.assign(ids, { event: event.id, place: place.id });
  // 7 days: 12 views against 3 the week before (+300 %); 30 days: 19 against 10 (+90 %).
  await count('event', ids.event, 0, 'view', 12);
  await count('event', ids.event, 8, 'view', 3);
  await count('event', ids.event, 20, 'view', 4);
  await count('event', ids.event, 40, 'view', 10);
  await count('place', ids.place, 0, 'phone_click', 2);
}, 240_000);

afterAll(async () => {
  await db?.close();
  await server?.stop();
  await drop?.();
});

/** The chart card of a measure: its figure holds the total and the change. */
const card = (page: Page, name: string) => page.getByRole('figure', { name });

/** The page stays within the screen: only the table's own box scrolls sideways. */
const pageWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth);

describe.skipIf(!pgUrl)('/account/stats', () => {
  it('switches the period, sorts the table and downloads the CSV, in Polish on a phone', async () => {
    const context = await browser.context({
      baseURL: server?.baseUrl,
      viewport: { width: 360, height: 800 },
      acceptDownloads: true,
    });
    const page = await signIn(context, company);
    const errors = watchErrors(page);

    // The way in from the list of places.
    await page.goto('/account/places');
    await page.getByRole('link', { name: 'Statystyki', exact: true }).click();
    await page.waitForURL(/\/account\/stats$/);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Statystyki');
    const period = page.getByRole('navigation', { name: 'Okres' });
    expect(await period.getByRole('link', { name: '30 dni' }).getAttribute('aria-current')).toBe('page');
    const views = card(page, 'Wyświetlenia strony');
    expect(await views.textContent()).toContain('Razem w 30 dni: 19');
    expect(await views.textContent()).toContain('+90 % wobec poprzedniego okresu');
    expect(await card(page, 'Kliknięcia w telefon').textContent()).toContain('Nowe – w poprzednim okresie 0');
    // The chart's data for screen readers: every day of the period.
    expect(await views.locator('tbody tr').count()).toBe(30);
    expect(await pageWidth(page)).toBeLessThanOrEqual(360);
    await expectNoAxeViolations(page, { label: 'pl, 360 px' });

    // A week: a link, so it works without JavaScript, and it stays in the address.
    await period.getByRole('link', { name: '7 dni' }).click();
    await page.waitForURL(/days=7/);
    expect(await period.getByRole('link', { name: '7 dni' }).getAttribute('aria-current')).toBe('page');
    expect(await card(page, 'Wyświetlenia strony').textContent()).toContain(
      '+300 % wobec poprzedniego okresu',
    );
    expect(await card(page, 'Wyświetlenia strony').locator('tbody tr').count()).toBe(7);

    // Sorting by phone clicks puts the place first; the header says how the table is sorted.
    const table = page.getByRole('region', { name: 'Wydarzenia i miejsca' }).getByRole('table');
    await table.getByRole('link', { name: 'Kliknięcia w telefon' }).click();
    await page.waitForURL(/sort=phone_click/);
    expect(page.url()).toContain('days=7');
    const sorted = page.getByRole('columnheader', { name: 'Kliknięcia w telefon' });
    expect(await sorted.getAttribute('aria-sort')).toBe('descending');
    const firstRow = page.getByRole('region', { name: 'Wydarzenia i miejsca' }).locator('tbody tr').first();
    expect(await firstRow.getByRole('link').getAttribute('href')).toBe(`/places/${ids.place}`);
    expect(await pageWidth(page)).toBeLessThanOrEqual(360);

    // The CSV of the week, as the browser saves it.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: 'Pobierz CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^stats-7d-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = fs
      .readFileSync((await download.path()) as string, 'utf8')
      .replace(/^\uFEFF/, '')
      .split('\r\n');
    expect(csv[0]).toMatch(/^type,id,name,view,visitor,/);
    const eventRow = csv.find((line) => line.startsWith(`event,${ids.event},`));
    expect(eventRow?.split(',').at(-20)).toBe('12');
    expect(csv.some((line) => line.startsWith(`place,${ids.place},`))).toBe(true);

    expect(await page.getByRole('link', { name: 'Raporty promocji' }).getAttribute('href')).toBe(
      '/account/stats/promotions',
    );
    expect(errors).toEqual([]);
    await context.close();
  }, 180_000);

  it('is axe-clean in English and Polish on a desktop and in English on a phone', async () => {
    const context = await browser.context({
      baseURL: server?.baseUrl,
      viewport: { width: 1280, height: 900 },
    });
    const page = await signIn(context, company);
    const errors = watchErrors(page);
    // axe takes seconds a page on a small machine: the week's page has every part the longer ones have.
    await page.goto('/account/stats?days=7');
    await expectNoAxeViolations(page, { label: 'pl, 1280 px' });

    await context.addCookies([{ name: 'locale', value: 'en', url: server?.baseUrl ?? '' }]);
    await page.goto('/account/stats?days=90');
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Statistics');
    expect(await page.getByRole('link', { name: '90 days' }).getAttribute('aria-current')).toBe('page');
    expect(await card(page, 'Page views').textContent()).toContain('Total over 90 days: 29');
    await page.goto('/account/stats?days=7');
    await expectNoAxeViolations(page, { label: 'en, 1280 px' });

    await page.setViewportSize({ width: 360, height: 800 });
    await page.goto('/account/stats?days=7&sort=view');
    expect(await pageWidth(page)).toBeLessThanOrEqual(360);
    await expectNoAxeViolations(page, { label: 'en, 360 px' });
    expect(errors).toEqual([]);
    await context.close();
  }, 240_000);
});
