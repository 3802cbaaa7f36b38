import type { Browser, BrowserContext } from 'playwright-core';
import { chromium } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { chromiumPath } from '../helpers/browser-path';
import {
  type FrameRole,
  firstScreen,
  frameContext,
  frameLocales,
  framePages,
  frameProblems,
  frameRecords,
  frameRoles,
  frameSession,
  frameWidths,
  measureFrame,
  resizeTo,
} from '../helpers/page-frame';

// Issue 18 point 4: every page of spec §2, for the visitor, the user and the company, at 360, 768 and
// 1440 px in Polish and English: no sideways scroll, the top bar on one line (at most 56 px on a phone),
// no text cut in it, its controls at least 44 × 44 px, and the main heading in the first 740 px. The same
// measurements as `npm run screenshots` (tests/helpers/page-frame.ts).

let browser: Browser;
let records: { event: number; place: number };
const sessions = new Map<FrameRole, Awaited<ReturnType<BrowserContext['storageState']>>>();

beforeAll(async () => {
  browser = await chromium.launch({ executablePath: chromiumPath });
  records = await frameRecords(inject('baseUrl'));
  for (const role of frameRoles) {
    if (role !== 'visitor') sessions.set(role, await frameSession(browser, inject('baseUrl'), role));
  }
}, 120_000);

afterAll(async () => {
  await browser?.close();
});

describe('the frame of every page', () => {
  for (const role of frameRoles) {
    it(`is right for the ${role} at every width in both languages`, async () => {
      const problems: string[] = [];
      for (const locale of frameLocales) {
        const context = await frameContext(
          browser,
          { baseUrl: inject('baseUrl'), locale, width: frameWidths[0] },
          sessions.get(role),
        );
        const page = await context.newPage();
        for (const path of framePages(role, records)) {
          await page.goto(path);
          // Each width by resizing the loaded page: the layout follows CSS and matchMedia listeners alone,
          // so a page loaded once is measured as it would be at each width, at a third of the loads.
          for (const width of frameWidths) {
            await resizeTo(page, width);
            const report = await measureFrame(page);
            for (const problem of frameProblems(report, width))
              problems.push(`${role}, ${locale}, ${width} px, ${path}: ${problem}`);
          }
        }
        await context.close();
      }
      expect(problems).toEqual([]);
    }, 600_000);
  }

  it('shows the event and place name, date or address and main action in a phone’s first screen', async () => {
    for (const role of frameRoles) {
      const context = await frameContext(
        browser,
        { baseUrl: inject('baseUrl'), locale: 'pl', width: 360 },
        sessions.get(role),
      );
      const page = await context.newPage();
      const within = async (selector: string, what: string) => {
        const box = await page.locator(selector).first().boundingBox();
        expect(box, `${role}: ${what}`).not.toBeNull();
        expect(box!.y + box!.height, `${role}: ${what} at ${box?.y}`).toBeLessThanOrEqual(firstScreen);
      };
      await page.goto(`/event/${records.event}`);
      await within('h1', 'the event name');
      await within('main time', 'the date');
      if (role !== 'company') await within('a[href^="http"]:has-text("bilet"):visible', 'the ticket link');
      await page.goto(`/places/${records.place}`);
      await within('h1', 'the place name');
      await within('main a[href="#place-address"]', 'the address');
      if (role !== 'company') await within('main button[aria-pressed]', 'the favourite toggle');
      await context.close();
    }
  }, 180_000);
});
