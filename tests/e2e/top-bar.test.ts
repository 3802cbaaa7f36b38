import type { BrowserContext, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { setupBrowser, signIn, watchErrors } from '../helpers/browser';
import {
  type FrameRole,
  frameRecords,
  frameRoles,
  measureFrame,
  phoneBarMax,
  resizeTo,
} from '../helpers/page-frame';

// Issue 18 points 1 and 2: the top bar is one line at every width from 360 to 1920 px, in both languages
// and for the three roles, at most 56 px tall on a phone, with 44 × 44 px targets and no text cut; the
// search form is in full on / and /list, and on other pages a phone opens it from the bar.

const browser = setupBrowser();
// The phone, then each breakpoint of the theme (600, 960, 1280, 1920 px) and the widths between.
const widths = [360, 600, 768, 960, 1280, 1440, 1920] as const;
const locales = ['pl', 'en'];
const accounts: Record<Exclude<FrameRole, 'visitor'>, string> = {
  user: 'uzytkownik@example.com',
  company: 'firma@example.com',
};

let eventPath = '';
beforeAll(async () => {
  eventPath = `/event/${(await frameRecords(browser.baseUrl())).event}`;
});

/** A signed-in role's cookies, to open a context per width and language without signing in again. */
async function session(role: FrameRole) {
  if (role === 'visitor') return undefined;
  const context = await browser.context();
  await signIn(context, accounts[role]);
  const state = await context.storageState();
  await context.close();
  return state;
}

async function contextAt(width: number, storageState?: Awaited<ReturnType<BrowserContext['storageState']>>) {
  return browser.context({ viewport: { width, height: width < 640 ? 740 : 900 }, storageState });
}

describe('the top bar', () => {
  for (const role of frameRoles) {
    it(`is one line with 44 px targets and no cut text for the ${role}, 360 to 1920 px, pl and en`, async () => {
      const state = await session(role);
      const problems: string[] = [];
      const context = await contextAt(widths[0], state);
      const page = await context.newPage();
      const errors = watchErrors(page);
      for (const locale of locales) {
        for (const path of ['/', eventPath]) {
          await page.goto(locale === 'en' ? `/en${path === '/' ? '' : path}` : path);
          // Each width by resizing the loaded page (the bar follows CSS alone), so each page loads once.
          for (const width of widths) {
            await resizeTo(page, width);
            const where = `${role}, ${locale}, ${width} px, ${path}`;
            const report = await measureFrame(page);
            if (report.horizontalScroll) problems.push(`${where}: scrolls sideways`);
            if (report.offLine.length)
              problems.push(`${where}: more than one line (${report.offLine.join(', ')})`);
            // The bar is one 56 px line at every width, so a taller bar has wrapped.
            if (report.barHeight > phoneBarMax) problems.push(`${where}: bar ${report.barHeight} px tall`);
            if (report.cutTexts.length) problems.push(`${where}: text cut: ${report.cutTexts.join(', ')}`);
            if (report.smallTargets.length)
              problems.push(`${where}: small targets: ${report.smallTargets.join(', ')}`);
          }
        }
      }
      expect(errors).toEqual([]);
      await context.close();
      expect(problems).toEqual([]);
    }, 300_000);
  }

  it('gives a company its "Add new event" in the bar itself at every width, never in a row of its own', async () => {
    const state = await session('company');
    for (const width of [360, 1440]) {
      const context = await contextAt(width, state);
      const page = await context.newPage();
      await page.goto(eventPath);
      const add = page.locator('header').getByRole('link', { name: 'Dodaj nowe wydarzenie' });
      expect(await add.count()).toBe(1);
      expect(await add.isVisible()).toBe(true);
      const box = await add.boundingBox();
      expect(box!.y + box!.height).toBeLessThanOrEqual(phoneBarMax);
      // The label is shown where it fits, the "+" alone on a phone.
      expect(await add.getByText('Dodaj nowe wydarzenie').isVisible()).toBe(width >= 1280);
      await context.close();
    }
  });
});

describe('search on a phone', () => {
  const searchButton = (page: Page) => page.locator('header').getByRole('button', { name: 'Szukaj' });
  const searchBox = (page: Page) => page.getByRole('searchbox', { name: 'Czego szukasz?' });

  it('opens from the bar on an event page: focus in the text, Escape and Back close it', async () => {
    const context = await contextAt(360);
    const page = await context.newPage();
    const errors = watchErrors(page);
    await page.goto(eventPath);
    expect(await searchBox(page).isVisible()).toBe(false);
    const button = searchButton(page);
    expect(await button.isVisible()).toBe(true);
    const box = await button.boundingBox();
    expect(box!.width).toBeGreaterThanOrEqual(44);
    expect(box!.height).toBeGreaterThanOrEqual(44);

    // Waits for hydration: the click must reach React's handler.
    await expect
      .poll(async () => {
        if (!(await searchBox(page).isVisible())) await button.click();
        return searchBox(page).evaluate((el) => el === document.activeElement);
      })
      .toBe(true);
    expect(new URL(page.url()).hash).toBe('#search');
    expect(await button.getAttribute('aria-expanded')).toBe('true');
    await page.keyboard.type('koncert');

    await page.keyboard.press('Escape');
    await expect.poll(() => searchBox(page).isVisible()).toBe(false);
    expect(await button.evaluate((el) => el === document.activeElement)).toBe(true);
    await expect.poll(() => new URL(page.url()).hash).toBe('');
    expect(new URL(page.url()).pathname).toBe(eventPath);

    await button.click();
    await expect.poll(() => searchBox(page).isVisible()).toBe(true);
    await page.goBack();
    await expect.poll(() => searchBox(page).isVisible()).toBe(false);
    expect(new URL(page.url()).pathname).toBe(eventPath);
    expect(new URL(page.url()).hash).toBe('');

    // Searching from the panel opens the results.
    await button.click();
    await expect.poll(() => searchBox(page).isVisible()).toBe(true);
    await searchBox(page).fill('koncert');
    await searchBox(page).press('Enter');
    await page.waitForURL((url) => url.pathname === '/list' && url.searchParams.get('search') === 'koncert');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('shows the whole form on / and /list, and on wide screens everywhere, without the button', async () => {
    const phone = await contextAt(360);
    const page = await phone.newPage();
    for (const path of ['/', '/list', '/en', '/en/list']) {
      await page.goto(path);
      expect(
        await page
          .locator('header')
          .getByRole('button', { name: /^(Szukaj|Search)$/ })
          .count(),
        path,
      ).toBe(0);
      expect(await page.locator('#search-row select').isVisible(), path).toBe(true);
    }
    await phone.close();

    const tablet = await contextAt(768);
    const wide = await tablet.newPage();
    await wide.goto(eventPath);
    expect(await searchButton(wide).isVisible()).toBe(false);
    expect(await searchBox(wide).isVisible()).toBe(true);
    await tablet.close();
  });
});
