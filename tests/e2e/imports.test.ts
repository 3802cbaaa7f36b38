import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import en from '@/i18n/messages/en.json';
import pl from '@/i18n/messages/pl.json';
import { expectNoAxeViolations } from '../helpers/axe';
import { setupBrowser, signIn, watchErrors } from '../helpers/browser';

// Issue 17, part 3, in a browser: a company imports an .ics file into one of its places from its phone,
// reads what the import did and why, and is refused a feed on a private address next to the URL field.

const browser = setupBrowser();

// Names unique to this run, so the events are found by search whatever else the shared server holds.
const token = `imp${Date.now().toString(36)}`;
const names = {
  first: `Koncert importowany A ${token}`,
  second: `Koncert importowany B ${token}`,
  series: `Próby cotygodniowe ${token}`,
};

function icsTime(date: Date): string {
  return `${date.toISOString().slice(0, 19).replace(/[-:]/g, '')}Z`;
}

/** Two single events in the coming days and a weekly series, as a calendar app exports them. */
function calendarFile(): string {
  const day = 86_400_000;
  const at = (days: number, hours: number) => new Date(Date.now() + days * day + hours * 3_600_000);
  const vevent = (uid: string, name: string, days: number, ...extra: string[]) => [
    'BEGIN:VEVENT',
    `UID:${uid}-${token}@e2e.test`,
    `DTSTAMP:${icsTime(new Date())}`,
    `SUMMARY:${name}`,
    `DTSTART:${icsTime(at(days, 0))}`,
    `DTEND:${icsTime(at(days, 2))}`,
    ...extra,
    'END:VEVENT',
  ];
  return `${[
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//portal e2e//imports//PL',
    ...vevent('a', names.first, 3),
    ...vevent('b', names.second, 4),
    ...vevent('s', names.series, 5, 'RRULE:FREQ=YEARLY;COUNT=4'),
    'END:VCALENDAR',
  ].join('\r\n')}\r\n`;
}

/** A message with its {placeholders} filled, as next-intl words it. */
function fill(message: string, values: Record<string, string | number>): string {
  return message.replace(/\{(\w+)\}/g, (_, key: string) => String(values[key]));
}

const counts = { created: 2, updated: 0, skipped: 1, failed: 0 };

let dir: string;
let icsPath: string;
let placeId: number;

beforeAll(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'import-e2e-'));
  icsPath = path.join(dir, 'kalendarz.ics');
  await fs.writeFile(icsPath, calendarFile());
});

afterAll(async () => {
  if (dir) await fs.rm(dir, { recursive: true, force: true });
});

/** Presses Tab until the focus is on the link to `href`. */
async function tabToLink(page: Page, href: string, max = 150) {
  for (let i = 0; i < max; i++) {
    await page.keyboard.press('Tab');
    if ((await page.evaluate(() => document.activeElement?.getAttribute('href'))) === href) return;
  }
  throw new Error(`${href}: not reached with ${max} presses of Tab`);
}

/** The text of what the control's aria-describedby points at, and whether it sits in the control's box. */
function describedBy(page: Page, label: string) {
  return page.getByLabel(label, { exact: true }).evaluate((el) => {
    const ids = el.getAttribute('aria-describedby')?.split(' ') ?? [];
    const described = ids.map((id) => document.getElementById(id)).filter((e) => e !== null);
    return {
      invalid: el.getAttribute('aria-invalid'),
      text: described.map((e) => e.textContent ?? '').join(' '),
      besideField: described.length > 0 && described.every((e) => e.parentElement === el.parentElement),
    };
  });
}

/** The newest import's card whose counts read `countsText`, its report opened. */
async function openReport(page: Page, countsText: string, reportLabel: string) {
  const card = page.getByRole('listitem').filter({ hasText: countsText }).first();
  await expect.poll(() => card.count()).toBe(1);
  await card.getByText(reportLabel, { exact: true }).click();
  return card;
}

describe('the calendar import page', () => {
  it('imports an .ics file on a phone, reports the skipped series and refuses a private address', async () => {
    const context = await browser.context({ viewport: { width: 360, height: 800 }, isMobile: true });
    const page = await signIn(context, 'firma@example.com');
    // The refused URL answers 400: the browser logs that response as a failed resource.
    const errors = watchErrors(page, [/^\/api\/place\/\d+\/imports$/]);

    // 1. The places list, and the first place's import link reached with the keyboard.
    await page.goto('/account/places');
    await expect.poll(() => page.getByRole('heading', { name: 'Moje miejsca' }).count()).toBe(1);
    const link = page.getByRole('link', { name: pl.import.places_list.link, exact: true }).first();
    await expect.poll(() => link.count()).toBe(1);
    const href = (await link.getAttribute('href')) ?? '';
    expect(href).toMatch(/^\/account\/places\/\d+\/import$/);
    placeId = Number(href.split('/')[3]);
    await tabToLink(page, href);
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.pathname === href);
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toContain(pl.import.title);
    expect(await page.getByRole('heading', { level: 2, name: pl.import.list }).count()).toBe(1);

    // 2. The file, a category other than the first, and the import's summary and report.
    await page.getByLabel(pl.import.file, { exact: true }).setInputFiles(icsPath);
    // Not exact: the label ends with the required field's star.
    const select = page.getByLabel(pl.import.category);
    const options = await select
      .locator('option')
      .evaluateAll((all) => all.map((o) => (o as HTMLOptionElement).value));
    const categoryId = options[1] ?? options[0] ?? '';
    expect(categoryId).not.toBe('');
    await select.selectOption(categoryId);
    await page.getByRole('button', { name: pl.import.submit, exact: true }).click();
    const done = page.getByRole('status').filter({ hasText: fill(pl.import.done, counts) });
    await expect.poll(() => done.count()).toBe(1);
    const card = await openReport(page, fill(pl.import.counts, counts), pl.import.report);
    expect(await card.getByText(pl.import.uploaded_file, { exact: true }).count()).toBe(1);
    const lines = card.locator('details li');
    await expect
      .poll(() => lines.allTextContents())
      .toEqual([
        `${names.first}: ${pl.import.outcome.created}`,
        `${names.second}: ${pl.import.outcome.created}`,
        `${names.series}: ${pl.import.outcome.skipped} (${pl.import.reason.unsupported_rule})`,
      ]);

    // 3. The two single events are public at the place, in the chosen category; the series is not there.
    const found = (await (
      await fetch(`${browser.baseUrl()}/api/event?place_id=${placeId}&search=${token}&limit=20`)
    ).json()) as { data: { name: string; place_id: number; category: { id: number } }[] };
    expect(found.data.map((e) => e.name).sort()).toEqual([names.first, names.second]);
    for (const event of found.data) {
      expect(event).toMatchObject({ place_id: placeId, category: { id: Number(categoryId) } });
    }

    // 4. A feed on the portal's own machine is refused beside the URL field, and no import is made.
    await page.getByLabel(pl.import.url, { exact: true }).fill('http://127.0.0.1:9/x.ics');
    await page.getByRole('button', { name: pl.import.submit, exact: true }).click();
    await expect
      .poll(() => describedBy(page, pl.import.url))
      .toEqual({ invalid: 'true', text: pl.import.status.unsafe_address, besideField: true });
    await page.reload();
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toContain(pl.import.title);
    expect(await page.getByText('http://127.0.0.1:9/x.ics').count()).toBe(0);

    // 5. The page fits the phone, passes axe with a report open, and logged nothing.
    await openReport(page, fill(pl.import.counts, counts), pl.import.report);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await expectNoAxeViolations(page, { label: 'import page, pl, 360 px' });
    expect(errors).toEqual([]);
    await context.close();
  });

  it('shows the same page and report in English at 1280 px', async () => {
    expect(placeId, 'the Polish journey ran first').toBeGreaterThan(0);
    const context = await browser.context({ viewport: { width: 1280, height: 900 } });
    const page = await signIn(context, 'firma@example.com');
    const errors = watchErrors(page);
    await context.addCookies([{ name: 'locale', value: 'en', url: browser.baseUrl() }]);
    await page.goto(`/account/places/${placeId}/import`);
    expect(await page.getAttribute('html', 'lang')).toBe('en');
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toContain(en.import.title);
    expect(await page.getByRole('heading', { level: 2, name: en.import.list }).count()).toBe(1);
    expect(await page.getByLabel(en.import.url, { exact: true }).count()).toBe(1);
    const card = await openReport(page, fill(en.import.counts, counts), en.import.report);
    expect(await card.getByText(en.import.uploaded_file, { exact: true }).count()).toBe(1);
    await expect
      .poll(() => card.locator('details li').allTextContents())
      .toEqual([
        `${names.first}: ${en.import.outcome.created}`,
        `${names.second}: ${en.import.outcome.created}`,
        `${names.series}: ${en.import.outcome.skipped} (${en.import.reason.unsupported_rule})`,
      ]);
    await expectNoAxeViolations(page, { label: 'import page, en, 1280 px' });
    expect(errors).toEqual([]);
    await context.close();
  });
});
