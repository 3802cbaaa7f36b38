import fs from 'node:fs';
import type { Page } from 'playwright-core';
import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DbHandle, openPostgres } from '@/db/client';
import { expectNoAxeViolations } from '../helpers/axe';
import { setupBrowser, signIn, watchErrors } from '../helpers/browser';
import { createPostgresDatabase, type PortalServer, startPortal } from '../helpers/portal-server';

// Issue 27: a company on PRO buys PRO+, is told on /premium what becomes of the time it has paid for,
// pays with the test provider and downloads the VAT invoice from its profile. It changes the demo
// company's plan, so it runs its own portal on a PostgreSQL database the test can read and write.

const browser = setupBrowser();
const pgUrl = process.env.E2E_DATABASE_URL;
const company = 'firma@example.com';
const buyerName = 'Firma Żółta Gęś sp. z o.o.';

let server: PortalServer | undefined;
let db: DbHandle | undefined;
let drop: (() => Promise<void>) | undefined;

async function sql<T>(query: string): Promise<T[]> {
  if (!db) throw new Error('no database');
  return (await db.db.execute(query)) as unknown as T[];
}

beforeAll(async () => {
  if (!pgUrl) return;
  const created = await createPostgresDatabase(pgUrl, `portal_e2e_invoices_${process.pid}`, { seeded: true });
  drop = created.drop;
  server = await startPortal({ databaseUrl: created.url, from: created.folder });
  db = await openPostgres(created.url, { max: 1 });
}, 240_000);

afterAll(async () => {
  await db?.close();
  await server?.stop();
  await drop?.();
});

/** The billing dialog before the payment: the demo company has no billing data yet, so it fills it in. */
async function payWithTestProvider(page: Page) {
  const dialog = page.getByRole('dialog', { name: 'Dane do faktury' });
  await expect.poll(() => dialog.isVisible(), { timeout: 10_000 }).toBe(true);
  await dialog.getByLabel('Nazwa firmy').fill(buyerName);
  await dialog.getByRole('textbox', { name: 'NIP' }).fill('PL 123-456-32-18');
  await dialog.getByLabel('Ulica i numer').fill('Długa 1');
  await dialog.getByLabel('Kod pocztowy').fill('80-831');
  await dialog.getByLabel('Miejscowość').fill('Gdańsk');
  await dialog.getByRole('button', { name: 'Zapisz i przejdź do płatności' }).click();
  await page.waitForURL(/\/cart\/test\//);
  await page.getByRole('button', { name: 'Zapłać (test)' }).click();
  await page.waitForURL(/\/cart\/finish\?order=/);
  await expect.poll(() => page.getByRole('heading', { name: 'Płatność przyjęta' }).count()).toBe(1);
}

describe.skipIf(!pgUrl)('a VAT invoice for a plan change', () => {
  it('a company on PRO sees its new end date, buys PRO+ and downloads the invoice from its profile', async () => {
    // PRO with 60 days left, so some paid time is credited to PRO+.
    await sql(`update users set premium_setting_id = (select id from premium_settings where level = 3),
      premium_until = now() + interval '60 days' where email = '${company}'`);
    const context = await browser.context({
      baseURL: server?.baseUrl,
      viewport: { width: 1280, height: 900 },
    });
    const page = await signIn(context, company);
    const errors = watchErrors(page);

    await page.goto('/premium');
    await page.getByRole('group', { name: 'Na jak długo? (plan PRO+)' }).getByLabel('1 miesiąc').check();
    // Before paying: what the running plan becomes, with both dates.
    const note = page.getByText(/^PRO do \d{2}\.\d{2}\.\d{4} zmieni się w PRO\+ do \d{2}\.\d{2}\.\d{4}\.$/);
    await expect.poll(() => note.count()).toBe(1);
    const promised = (await note.textContent())?.match(/PRO\+ do (\d{2}\.\d{2}\.\d{4})/)?.[1];
    expect(promised).toBeDefined();
    await page.getByRole('button', { name: 'Kup plan PRO+' }).click();
    await payWithTestProvider(page);

    // The plan runs until the day /premium promised.
    const [plan] = await sql<{ level: number; until: string }>(
      `select s.level, to_char(u.premium_until at time zone 'Europe/Warsaw', 'DD.MM.YYYY') as until
       from users u join premium_settings s on s.id = u.premium_setting_id where u.email = '${company}'`,
    );
    expect(plan).toEqual({ level: 4, until: promised });
    const [invoice] = await sql<{ number: string }>(
      `select i.number from invoices i join users u on u.id = i.user_id where u.email = '${company}'
       order by i.id desc limit 1`,
    );
    expect(invoice?.number).toMatch(/^FV\/\d{4}\/\d{2}\/\d{4}$/);

    await page.goto('/profile#orders');
    const link = page
      .locator('#orders')
      .getByRole('link', { name: `Faktura VAT ${invoice?.number} (PDF)`, exact: true });
    const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
    expect(download.suggestedFilename()).toBe(`${invoice?.number.replaceAll('/', '-')}.pdf`);
    const pdf = fs.readFileSync(await download.path());
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const { text } = await extractText(await getDocumentProxy(new Uint8Array(pdf)), { mergePages: true });
    const flat = text.replace(/\s+/g, ' ');
    expect(flat).toContain(`Nr / No.: ${invoice?.number}`);
    expect(flat).toContain(buyerName);
    expect(flat).toContain('123-456-32-18');
    expect(flat).toContain('PRO+');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('the orders with their invoice links fit a phone and pass axe, in Polish and English', async () => {
    for (const locale of ['pl', 'en']) {
      const context = await browser.context({
        baseURL: server?.baseUrl,
        viewport: { width: 360, height: 800 },
      });
      const page = await signIn(context, company);
      await context.addCookies([{ name: 'locale', value: locale, url: server?.baseUrl ?? '' }]);
      const errors = watchErrors(page);
      await page.goto('/profile#orders');
      const name = locale === 'pl' ? /^Faktura VAT FV\// : /^VAT invoice FV\//;
      await expect.poll(() => page.locator('#orders').getByRole('link', { name }).count()).toBeGreaterThan(0);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
      await expectNoAxeViolations(page, { include: '#orders', label: `/profile orders ${locale} 360` });
      expect(errors).toEqual([]);
      await context.close();
    }
  });
});
