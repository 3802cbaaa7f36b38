import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectNoAxeViolations } from '../helpers/axe';
import { setupBrowser, watchErrors } from '../helpers/browser';
import { startHostPage } from '../helpers/host-page';

// Issue 17 point 2, in a browser: the place page's Embed dialog gives two snippets; pasted into a plain
// HTML page of another origin (served here), each shows the place's next events in a frame.

const browser = setupBrowser();

let placeId: number;
let nextNames: string[];
let host: Awaited<ReturnType<typeof startHostPage>>;

beforeAll(async () => {
  const base = browser.baseUrl();
  // The demo's place with the most upcoming events among the first ones found.
  const first = (await (await fetch(`${base}/api/event?limit=1`)).json()) as { data: { place_id: number }[] };
  placeId = first.data[0]!.place_id;
  const next = (await (await fetch(`${base}/api/event?place_id=${placeId}&limit=5`)).json()) as {
    data: { name: string }[];
  };
  nextNames = next.data.map((e) => e.name);
  expect(nextNames.length).toBeGreaterThan(0);
  // Another origin: another port. It answers whatever snippet the test pasted last.
  host = await startHostPage();
});

afterAll(async () => {
  await host?.close();
});

/** Opens the Embed dialog of the place page with the keyboard and reads both snippets. */
async function copySnippets(page: Page) {
  await page.goto(`/places/${placeId}`);
  const button = page.getByRole('button', { name: 'Osadź' });
  await button.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Osadź na swojej stronie' });
  await expect.poll(() => dialog.isVisible()).toBe(true);
  const script = dialog.getByLabel('Kod ze skryptem (dopasowuje wysokość)');
  const iframe = dialog.getByLabel('Kod z ramką iframe (bez skryptu)');
  await expect.poll(() => script.inputValue()).toContain('/api/widget/embed.js');
  return { dialog, script: await script.inputValue(), iframe: await iframe.inputValue() };
}

async function hostWith(context: BrowserContext, snippet: string) {
  host.set(
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Host</title></head><body><h1>A host site</h1>${snippet}<p>After the widget</p></body></html>`,
  );
  const page = await context.newPage();
  const errors = watchErrors(page);
  await page.goto(host.url);
  return { page, errors };
}

describe('the embeddable widget', () => {
  it('is copied from the place page’s Embed dialog and shows the place’s next events on another site', async () => {
    const portal = await browser.context();
    const page = await portal.newPage();
    const portalErrors = watchErrors(page);
    const { dialog, script, iframe } = await copySnippets(page);
    expect(script).toContain(`data-place="${placeId}"`);
    expect(iframe).toMatch(
      /^<iframe src="http[^"]+\/api\/widget\/events\.html\?place_id=\d+&amp;theme=light&amp;lang=pl"/,
    );

    // The live preview is the real widget; a dark English one once chosen.
    const preview = page.frameLocator('iframe[title^="Podgląd"]');
    await expect.poll(() => preview.getByRole('link', { name: nextNames[0] }).first().count()).toBe(1);
    await dialog.getByLabel('Ciemny').check();
    await dialog.getByLabel('Angielski').check();
    await expect
      .poll(() => dialog.getByLabel(/^Kod ze skryptem/).inputValue())
      .toContain('data-theme="dark"');
    await expect.poll(() => preview.getByRole('heading', { name: 'Upcoming events' }).count()).toBe(1);
    expect(await dialog.getByLabel(/^Kod ze skryptem/).inputValue()).toContain('data-lang="en"');
    expect(await dialog.getByLabel(/^Kod z ramką/).inputValue()).toContain(
      'title="Upcoming events – Wydarzenia i Miejsca"',
    );
    // Copy puts the snippet on the clipboard (or says it could not).
    await dialog.getByRole('button', { name: 'Kopiuj' }).first().click();
    await expect.poll(() => dialog.getByRole('status').first().textContent()).toMatch(/Skopiowano|Nie udało/);
    // Accessible, and Escape gives the focus back to the button.
    await expectNoAxeViolations(page, { include: 'dialog[open]', label: 'Embed dialog' });
    await page.keyboard.press('Escape');
    await expect.poll(() => dialog.isVisible()).toBe(false);
    expect(
      await page.getByRole('button', { name: 'Osadź' }).evaluate((el) => el === document.activeElement),
    ).toBe(true);
    // The widget itself, in both themes, on its own.
    for (const theme of ['light', 'dark']) {
      await page.goto(`/api/widget/events.html?place_id=${placeId}&theme=${theme}&lang=en`);
      await expectNoAxeViolations(page, { label: `widget, ${theme}` });
    }
    expect(portalErrors).toEqual([]);
    await portal.close();

    // The script snippet on a plain page elsewhere: a frame after the script tag, fitted to its list.
    const visitor = await browser.context();
    const { page: hostWithScript, errors } = await hostWith(visitor, script);
    const frameElement = hostWithScript.locator('script + iframe');
    await expect.poll(() => frameElement.count()).toBe(1);
    const frame = hostWithScript.frameLocator('script + iframe');
    for (const name of nextNames) {
      await expect.poll(() => frame.getByRole('link', { name }).first().count(), { message: name }).toBe(1);
    }
    // Resized by the widget's message: the frame is exactly as tall as its content, no scroll bar.
    await expect
      .poll(async () => {
        const outer = await frameElement.evaluate((el) => el.getBoundingClientRect().height);
        const inner = await frame
          .locator('body')
          .evaluate((b) => Math.ceil(b.getBoundingClientRect().height));
        return Math.abs(outer - inner);
      })
      .toBeLessThanOrEqual(1);
    // The widget sets no cookie, and its links open the portal in a new tab.
    expect(await visitor.cookies(browser.baseUrl())).toEqual([]);
    const [opened] = await Promise.all([
      visitor.waitForEvent('page'),
      frame.getByRole('link', { name: nextNames[0] }).first().click(),
    ]);
    await opened.waitForLoadState();
    expect(opened.url()).toMatch(/\/event\/\d+$/);
    await opened.close();
    expect(errors).toEqual([]);

    // The iframe snippet: the same list, without any script of ours on the host page.
    const { page: hostWithFrame, errors: frameErrors } = await hostWith(visitor, iframe);
    const plain = hostWithFrame.frameLocator('iframe');
    for (const name of nextNames) {
      await expect.poll(() => plain.getByRole('link', { name }).first().count(), { message: name }).toBe(1);
    }
    expect(await hostWithFrame.locator('script').count()).toBe(0);
    expect(frameErrors).toEqual([]);
    await visitor.close();
  });

  it('fits a 360 px phone, and /list offers the same dialog for its search', async () => {
    const context = await browser.context({ viewport: { width: 360, height: 800 }, isMobile: true });
    const page = await context.newPage();
    const errors = watchErrors(page);
    await page.goto('/list?localization=Kraków');
    await page.getByRole('button', { name: 'Osadź' }).click();
    const dialog = page.getByRole('dialog', { name: 'Osadź na swojej stronie' });
    const script = dialog.getByLabel(/^Kod ze skryptem/);
    await expect.poll(() => script.inputValue()).toContain('data-search="localization=Krak%C3%B3w"');
    await expect
      .poll(() => page.evaluate(() => document.documentElement.scrollWidth))
      .toBeLessThanOrEqual(360);
    const box = await dialog.boundingBox();
    expect(box!.x).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width).toBeLessThanOrEqual(360);
    await page.keyboard.press('Escape');
    await expect.poll(() => dialog.isVisible()).toBe(false);
    expect(errors).toEqual([]);
    await context.close();
  });
});
