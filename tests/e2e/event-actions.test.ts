import type { BrowserContext, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { expectNoAxeViolations } from '../helpers/axe';
import { hydrated, setupBrowser, signIn, watchErrors } from '../helpers/browser';
import { firstScreen, frameRecords } from '../helpers/page-frame';

// Issue 18 point 3: the event page's actions in one row, one calendar control whose menu holds the .ics
// file, and on a phone the ticket at the bottom of the first screen.

const browser = setupBrowser();
const phone = { width: 360, height: firstScreen };
let eventId = 0;

beforeAll(async () => {
  eventId = (await frameRecords(browser.baseUrl())).event;
});

type Role = 'visitor' | 'user' | 'company';
const accounts = { user: 'uzytkownik@example.com', company: 'firma@example.com' };

async function openAs(role: Role, viewport: { width: number; height: number }): Promise<Page> {
  const context: BrowserContext = await browser.context({ viewport });
  if (role === 'visitor') return context.newPage();
  const page = await signIn(context, accounts[role]);
  return page;
}

const bottomOf = async (page: Page, selector: string) => {
  const box = await page.locator(selector).first().boundingBox();
  expect(box, selector).not.toBeNull();
  return (box?.y ?? 0) + (box?.height ?? 0);
};

describe('the event page’s actions', () => {
  it('shows the name, the date and the ticket in a phone’s first screen, for every role', async () => {
    for (const role of ['visitor', 'user', 'company'] as const) {
      const page = await openAs(role, phone);
      await page.goto(`/event/${eventId}`);
      expect(await bottomOf(page, 'h1'), `${role}: the name`).toBeLessThanOrEqual(firstScreen);
      expect(await bottomOf(page, 'main time'), `${role}: the date`).toBeLessThanOrEqual(firstScreen);
      const tickets = page.getByRole('link', { name: /Kup bilet/ });
      if (role === 'company') {
        // Spec §6: companies are not offered tickets.
        expect(await tickets.count()).toBe(0);
      } else {
        // One ticket link on a phone: the sticky one at the bottom, the row's is hidden.
        const visible = page.locator('a:visible', { hasText: 'Kup bilet' });
        expect(await visible.count(), role).toBe(1);
        expect(await bottomOf(page, 'a:visible:has-text("Kup bilet")'), role).toBeLessThanOrEqual(
          firstScreen,
        );
        // It stays there while the page scrolls.
        await page.mouse.wheel(0, 600);
        await expect
          .poll(async () => (await visible.boundingBox())?.y ?? -1)
          .toBeGreaterThan(firstScreen - 100);
      }
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
      expect(overflow, `${role}: no sideways scroll`).toBe(false);
      await page.context().close();
    }
  }, 120_000);

  it('adds the event to the calendar and offers the .ics file in the menu, by keyboard', async () => {
    const page = await openAs('user', phone);
    const errors = watchErrors(page);
    await page.goto(`/event/${eventId}`);
    await hydrated(page);
    const toggle = page.getByRole('button', { name: 'Mój kalendarz', exact: true });
    const initial = await toggle.getAttribute('aria-pressed');
    if (initial === 'true') {
      await toggle.click();
      await expect.poll(() => toggle.getAttribute('aria-busy')).toBe('false');
      await expect.poll(() => toggle.getAttribute('aria-pressed')).toBe('false');
    }
    const box = await toggle.boundingBox();
    expect(box?.height).toBeGreaterThanOrEqual(44);

    await toggle.focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => toggle.getAttribute('aria-pressed')).toBe('true');
    await expect.poll(() => toggle.getAttribute('aria-busy')).toBe('false');
    await page.reload();
    await hydrated(page);
    expect(await toggle.getAttribute('aria-pressed')).toBe('true');

    // The menu beside it: Tab reaches it, Enter opens it, Escape closes it and gives the focus back.
    await toggle.focus();
    await page.keyboard.press('Tab');
    const summary = page.getByLabel('Więcej opcji kalendarza');
    expect(await summary.evaluate((el) => el === document.activeElement)).toBe(true);
    const summaryBox = await summary.boundingBox();
    expect(Math.min(summaryBox?.width ?? 0, summaryBox?.height ?? 0)).toBeGreaterThanOrEqual(44);
    await page.keyboard.press('Enter');
    const ics = page.getByRole('link', { name: 'Pobierz do kalendarza w telefonie (.ics)' });
    await expect.poll(() => ics.isVisible()).toBe(true);
    expect(await ics.getAttribute('href')).toMatch(new RegExp(`/api/event/${eventId}/ics$`));
    const icsBox = await ics.boundingBox();
    expect(icsBox?.x).toBeGreaterThanOrEqual(0);
    expect((icsBox?.x ?? 0) + (icsBox?.width ?? 0)).toBeLessThanOrEqual(phone.width);
    await expectNoAxeViolations(page, { label: 'calendar menu open' });
    await page.keyboard.press('Tab');
    expect(await ics.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.press('Escape');
    await expect.poll(() => ics.isVisible()).toBe(false);
    expect(await summary.evaluate((el) => el === document.activeElement)).toBe(true);

    // Removing, spelled out in the menu, puts the focus back on the toggle.
    await page.keyboard.press('Enter');
    const remove = page.getByRole('button', { name: 'Usuń z mojego kalendarza w portalu' });
    await remove.focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => toggle.getAttribute('aria-pressed')).toBe('false');
    await expect.poll(() => toggle.getAttribute('aria-busy')).toBe('false');
    expect(await toggle.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.reload();
    expect(await toggle.getAttribute('aria-pressed')).toBe('false');
    if (initial === 'true') {
      await hydrated(page);
      await toggle.click();
      await expect.poll(() => toggle.getAttribute('aria-busy')).toBe('false');
    }
    expect(errors).toEqual([]);
    await page.context().close();
  }, 60_000);

  it('gives a company the .ics file without the attendee’s toggles', async () => {
    const page = await openAs('company', phone);
    await page.goto(`/event/${eventId}`);
    expect(await page.getByRole('button', { name: 'Mój kalendarz', exact: true }).count()).toBe(0);
    const ics = page.getByRole('link', { name: 'Pobierz do kalendarza w telefonie (.ics)' });
    expect(await ics.getAttribute('href')).toMatch(/\/ics$/);
    await page.context().close();
  });

  it('puts every action in one row on a wide screen, each at least 44 px tall', async () => {
    for (const role of ['visitor', 'user'] as const) {
      const page = await openAs(role, { width: 1280, height: 900 });
      await page.goto(`/event/${eventId}`);
      const controls = [
        page.getByRole('link', { name: /Kup bilet/ }),
        page.getByRole('button', { name: 'Ulubione', exact: true }),
        page.getByRole('button', { name: 'Mój kalendarz', exact: true }),
        page.getByLabel('Więcej opcji kalendarza'),
        page.locator('summary', { hasText: 'Udostępnij' }),
        page.getByRole(role === 'visitor' ? 'link' : 'button', { name: /Zgłoś/ }),
      ];
      const boxes = await Promise.all(controls.map((c) => c.boundingBox()));
      await controls[4]?.click();
      await expect
        .poll(() => page.getByRole('link', { name: /Udostępnij na Facebooku/ }).isVisible())
        .toBe(true);
      await expectNoAxeViolations(page, { label: `${role}, share menu open` });
      for (const [i, box] of boxes.entries()) {
        expect(box, `${role}: control ${i}`).not.toBeNull();
        expect(box?.height, `${role}: control ${i}`).toBeGreaterThanOrEqual(44);
        expect(Math.abs((box?.y ?? 0) - (boxes[0]?.y ?? 0)), `${role}: control ${i} on the row`).toBeLessThan(
          2,
        );
      }
      await page.context().close();
    }
  }, 60_000);
});
