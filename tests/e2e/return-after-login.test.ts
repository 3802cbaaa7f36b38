import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { setupBrowser, watchErrors } from '../helpers/browser';

// Issue 12 point 6: a sign-in asked for by the page brings the visitor back to it, same-origin only.

const browser = setupBrowser();

async function signInOnThisPage(page: Page) {
  await page.getByLabel('E-mail').fill('uzytkownik@example.com');
  await page.getByLabel('Hasło', { exact: true }).fill('Demo1234!');
  await page.getByRole('button', { name: 'Zaloguj się', exact: true }).click();
}

describe('back where you were after signing in', () => {
  it('an anonymous visitor clicks "Ulubione" on an event page, signs in and is back on that page', async () => {
    const context = await browser.context();
    const page = await context.newPage();
    const errors = watchErrors(page);
    const found = await page.request.get('/api/event?limit=1');
    const eventId = ((await found.json()) as { data: { id: number }[] }).data[0]!.id;
    const eventPath = `/event/${eventId}`;

    await page.goto(eventPath);
    await page.getByRole('button', { name: 'Ulubione', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/login');
    expect(new URL(page.url()).searchParams.get('next')).toBe(eventPath);

    await signInOnThisPage(page);
    await page.waitForURL((url) => url.pathname === eventPath);
    // Signed in now: the top bar offers the account menu instead of the sign-in link.
    await expect
      .poll(() => page.locator('header').getByRole('link', { name: 'Zaloguj się' }).count())
      .toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('goes home instead of to another site', async () => {
    for (const next of ['//evil.example.com/x', '/\\evil.example.com', 'https://evil.example.com/']) {
      const context = await browser.context();
      const page = await context.newPage();
      await page.goto(`/login?next=${encodeURIComponent(next)}`);
      await signInOnThisPage(page);
      await page.waitForURL((url) => url.pathname === '/');
      expect(new URL(page.url()).origin).toBe(new URL(browser.baseUrl()).origin);
      await context.close();
    }
  });
});
