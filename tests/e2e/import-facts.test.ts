import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import en from '@/i18n/messages/en.json';
import pl from '@/i18n/messages/pl.json';
import { expectNoAxeViolations } from '../helpers/axe';
import { setupBrowser, signIn, watchErrors } from '../helpers/browser';

// Issue 29 item 2 in a browser: a company imports an .ics file that gives no price, no places and a weekly
// rule without BYDAY. The event page says the price is not given, says nothing of places left (never
// "free" or "sold out"), and names the weekday of DTSTART; the same file imported again makes no copies.

const browser = setupBrowser();
const token = `facts${Date.now().toString(36)}`;
const names = { single: `Koncert bez ceny ${token}`, series: `Potańcówka co tydzień ${token}` };

const day = 86_400_000;
// 23:30 UTC ten days ahead is already the next day in Warsaw (UTC+1 or +2): the weekday to name is that
// next day's, which a rule read in UTC would miss.
const start = new Date(Math.floor(Date.now() / day) * day + 10 * day + 23.5 * 3_600_000);
const warsawWeekday = (locale: string) =>
  new Intl.DateTimeFormat(locale, { weekday: 'long', timeZone: 'Europe/Warsaw' }).format(start);

const icsTime = (date: Date) => `${date.toISOString().slice(0, 19).replace(/[-:]/g, '')}Z`;

function calendarFile(): string {
  const vevent = (uid: string, name: string, ...extra: string[]) => [
    'BEGIN:VEVENT',
    `UID:${uid}-${token}@e2e.test`,
    `DTSTAMP:${icsTime(new Date())}`,
    `SUMMARY:${name}`,
    `DTSTART:${icsTime(start)}`,
    `DTEND:${icsTime(new Date(start.getTime() + 2 * 3_600_000))}`,
    ...extra,
    'END:VEVENT',
  ];
  return `${[
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//portal e2e//import facts//PL',
    ...vevent('one', names.single),
    ...vevent('weekly', names.series, 'RRULE:FREQ=WEEKLY;COUNT=4'),
    'END:VCALENDAR',
  ].join('\r\n')}\r\n`;
}

let dir: string;
let icsPath: string;
const eventIds: Record<'single' | 'series', number> = { single: 0, series: 0 };

beforeAll(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'import-facts-e2e-'));
  icsPath = path.join(dir, 'kalendarz.ics');
  await fs.writeFile(icsPath, calendarFile());
});

afterAll(async () => {
  if (dir) await fs.rm(dir, { recursive: true, force: true });
});

async function importedEvents(placeId: number) {
  const answer = await fetch(`${browser.baseUrl()}/api/event?place_id=${placeId}&search=${token}&limit=20`);
  return ((await answer.json()) as { data: { id: number; name: string }[] }).data;
}

/** Imports the file and waits for the summary: `created` new events, nothing skipped or failed. */
async function importFile(page: Page, importHref: string, created: number) {
  await page.goto(importHref);
  await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toContain(pl.import.title);
  await page.getByLabel(pl.import.file, { exact: true }).setInputFiles(icsPath);
  await page.getByRole('button', { name: pl.import.submit, exact: true }).click();
  const done = pl.import.done.replace(/\{(\w+)\}/g, (_, key: string) =>
    String(key === 'created' ? created : 0),
  );
  await expect
    .poll(() => page.getByRole('status').filter({ hasText: done }).count(), { timeout: 60_000 })
    .toBe(1);
}

/** The event page's facts and series, as a visitor reads them. */
async function checkEventPage(page: Page, messages: typeof pl, locale: 'pl' | 'en', width: number) {
  await page.goto(`/event/${eventIds.series}`);
  await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toContain(names.series);
  expect(await page.getAttribute('html', 'lang')).toBe(locale);
  const facts = page.locator('main dl').first();
  await expect.poll(() => facts.textContent()).toContain(messages.event_page.price_unknown);
  const text = (await facts.textContent()) ?? '';
  expect(text).not.toContain(messages.event_page.free);
  expect(text).not.toContain(messages.event_page.sold_out);
  expect(text).not.toContain(messages.event_page.spots);
  const series = page.locator('section[aria-labelledby="event-series"] p').first();
  const rule = (await series.textContent()) ?? '';
  expect(rule).toContain(warsawWeekday(locale));
  expect(rule).not.toMatch(/:\s*,|on\s*,/);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
  await expectNoAxeViolations(page, { label: `imported event page, ${locale}, ${width} px` });
}

describe('an imported calendar on the event page', () => {
  it('imports a file twice without copies and states no false facts (pl, 360 px)', async () => {
    const context = await browser.context({ viewport: { width: 360, height: 800 }, isMobile: true });
    const page = await signIn(context, 'firma@example.com');
    const errors = watchErrors(page);
    await page.goto('/account/places');
    const link = page.getByRole('link', { name: pl.import.places_list.link, exact: true }).first();
    await expect.poll(() => link.count()).toBe(1);
    const href = (await link.getAttribute('href')) ?? '';
    const placeId = Number(href.split('/')[3]);
    await importFile(page, href, 2);
    await expect.poll(async () => (await importedEvents(placeId)).length, { timeout: 30_000 }).toBe(2);
    // The same file again updates what it made: still two events.
    await importFile(page, href, 0);
    const found = await importedEvents(placeId);
    expect(found.map((e) => e.name).sort()).toEqual([names.single, names.series].sort());
    eventIds.single = found.find((e) => e.name === names.single)?.id ?? 0;
    eventIds.series = found.find((e) => e.name === names.series)?.id ?? 0;

    await checkEventPage(page, pl, 'pl', 360);
    // A single event without a price: "Cena nieznana", no places line.
    await page.goto(`/event/${eventIds.single}`);
    await expect
      .poll(() => page.locator('main dl').first().textContent())
      .toContain(pl.event_page.price_unknown);
    expect(errors).toEqual([]);
    await context.close();
  });

  for (const [locale, width] of [
    ['pl', 1440],
    ['en', 360],
    ['en', 1440],
  ] as const) {
    it(`shows the same facts in ${locale} at ${width} px`, async () => {
      expect(eventIds.series, 'the import ran first').toBeGreaterThan(0);
      const context = await browser.context({ viewport: { width, height: 900 }, isMobile: width < 400 });
      await context.addCookies([{ name: 'locale', value: locale, url: browser.baseUrl() }]);
      const page = await context.newPage();
      const errors = watchErrors(page);
      await checkEventPage(page, locale === 'pl' ? pl : en, locale, width);
      expect(errors).toEqual([]);
      await context.close();
    });
  }
});
