import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectNoAxeViolations } from '../helpers/axe';
import { callFromPage, hydrated, setupBrowser, signIn, watchErrors } from '../helpers/browser';

// Issue 29 point 7: the company's /calendar listed its ~60 events unpaged under the long form. Now the
// list comes first, paged, with a search and the upcoming/past tabs in the address, and deleting an
// event that has not started gives its creation back, as the dialog says beforehand.

const browser = setupBrowser();

const texts = {
  pl: {
    upcoming: /^Nadchodzące/,
    past: /^Minione/,
    search: 'Szukaj w moich wydarzeniach',
    next: 'Następna strona',
    clear: 'Wyczyść wyszukiwanie',
    noMatch: 'Żadne wydarzenie nie pasuje do',
    ended: 'Zakończone',
    remove: (name: string) => `Usuń ${name}`,
    confirm: 'Usuń wydarzenie',
    back: 'Wydarzenie jeszcze się nie zaczęło: odzyskasz 1 utworzenie.',
    kept: 'Wydarzenie już się odbyło: utworzenie nie zostanie zwrócone.',
    formTitle: 'Dodaj nowe wydarzenie',
  },
  en: {
    upcoming: /^Upcoming/,
    past: /^Past/,
    search: 'Search my events',
    next: 'Next page',
    clear: 'Clear the search',
    noMatch: 'No event matches',
    ended: 'Ended',
    remove: (name: string) => `Delete ${name}`,
    confirm: 'Delete event',
    back: 'The event has not started yet: you will get 1 creation back.',
    kept: 'The event has already taken place: the creation will not be returned.',
    formTitle: 'Add new event',
  },
} as const;

/** Creates an event through the API as the page's own form does, at the company's first place. */
async function createEvent(page: Page, name: string, day: string) {
  const mine = await callFromPage(page, 'GET', '/api/event/get_mine?per_page=1');
  const placeId = (mine.json as { data: { place_id: number }[] }).data[0]?.place_id;
  const res = await callFromPage(page, 'POST', '/api/event', {
    form: {
      category_id: '1',
      place_id: String(placeId),
      name,
      price_min: '10',
      price_max: '20',
      spots_left: '50',
      start_date: day,
      start_date_h: '18:00',
      end_date: day,
      end_date_h: '20:00',
    },
  });
  expect(res.status, JSON.stringify(res.json)).toBe(201);
}

const rows = (page: Page) => page.locator('#my-events > ul > li');
const starts = (page: Page) =>
  page
    .locator('#my-events > ul > li time')
    .evaluateAll((times) => times.map((t) => t.getAttribute('datetime')));
const left = async (page: Page) =>
  Number(await page.getByTestId('events-left').locator('strong').textContent());

describe("the company's events on /calendar", () => {
  for (const width of [360, 1440]) {
    for (const locale of ['pl', 'en'] as const) {
      it(`pages, searches, switches tabs and gives a deleted event's creation back (${locale}, ${width} px)`, async () => {
        const t = texts[locale];
        const context = await browser.context({ viewport: { width, height: 900 } });
        const page = await signIn(context, 'firma@example.com');
        const errors = watchErrors(page);
        const future = `Koncert do usunięcia ${locale} ${width}`;
        const past = `Wystawa miniona ${locale} ${width}`;
        await createEvent(page, future, '2028-05-20');
        await createEvent(page, past, '2025-05-20');

        await page.goto(locale === 'en' ? '/en/calendar' : '/calendar');
        await hydrated(page);
        // The demo company has more than 25 upcoming events: page 1 of the upcoming tab, soonest first.
        const tabs = page.getByRole('navigation', {
          name: locale === 'en' ? /upcoming or past/ : /nadchodzące lub minione/,
        });
        expect(await tabs.getByRole('link', { name: t.upcoming }).getAttribute('aria-current')).toBe('page');
        expect(await rows(page).count()).toBe(12);
        const first = (await starts(page)) as string[];
        expect([...first].sort()).toEqual(first);
        // The list comes before the long form, and nothing is wider than the screen.
        const listTop = (await page.locator('#my-events').boundingBox())?.y ?? Number.POSITIVE_INFINITY;
        const formTop = (await page.getByRole('heading', { name: t.formTitle }).boundingBox())?.y ?? 0;
        expect(listTop).toBeLessThan(formTop);
        if (width === 360) expect(listTop).toBeLessThan(900);
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);

        // Page 2 continues where page 1 ended.
        await page.getByRole('link', { name: t.next }).first().click();
        await page.waitForURL((url) => url.searchParams.get('page') === '2');
        await expect.poll(async () => (await starts(page))[0]).not.toBe(first[0]);
        const second = (await starts(page)) as string[];
        expect((second[0] ?? '') >= (first[first.length - 1] ?? '')).toBe(true);

        // A search by name, in a GET form: the address keeps it and starts from page 1.
        await page.getByRole('searchbox', { name: t.search }).fill(future);
        await page.getByRole('searchbox', { name: t.search }).press('Enter');
        await page.waitForURL((url) => url.searchParams.get('q') === future);
        expect(new URL(page.url()).searchParams.get('page')).toBeNull();
        await expect.poll(() => rows(page).count()).toBe(1);
        expect(await rows(page).first().textContent()).toContain(future);

        // The past tab keeps the search: no ended event matches it; without it, the ended one shows.
        await tabs.getByRole('link', { name: t.past }).click();
        await page.waitForURL((url) => url.searchParams.get('when') === 'past');
        await expect.poll(() => page.getByText(t.noMatch).count()).toBe(1);
        await page.getByRole('link', { name: t.clear }).click();
        await page.waitForURL((url) => url.searchParams.get('when') === 'past' && !url.searchParams.has('q'));
        const pastRow = rows(page).filter({ hasText: past });
        await expect.poll(() => pastRow.count()).toBe(1);
        expect(await pastRow.textContent()).toContain(t.ended);
        await pastRow.getByRole('button', { name: t.remove(past) }).click();
        const dialog = page.getByRole('dialog');
        await expect.poll(() => dialog.isVisible()).toBe(true);
        expect(await dialog.textContent()).toContain(t.kept);
        await page.keyboard.press('Escape');
        await expect.poll(() => dialog.isVisible()).toBe(false);

        // Back on the upcoming tab, the future event is deleted and its creation comes back.
        await tabs.getByRole('link', { name: t.upcoming }).click();
        await page.waitForURL((url) => !url.searchParams.has('when'));
        await page.getByRole('searchbox', { name: t.search }).fill(future);
        await page.getByRole('searchbox', { name: t.search }).press('Enter');
        await page.waitForURL((url) => url.searchParams.get('q') === future);
        await expect.poll(() => rows(page).count()).toBe(1);
        const before = await left(page);
        await rows(page)
          .first()
          .getByRole('button', { name: t.remove(future) })
          .click();
        await expect.poll(() => dialog.isVisible()).toBe(true);
        expect(await dialog.textContent()).toContain(t.back);
        if (width === 360)
          await expectNoAxeViolations(page, { include: 'dialog', label: `delete ${locale}` });
        await dialog.getByRole('button', { name: t.confirm }).click();
        await expect.poll(() => rows(page).count()).toBe(0);
        await expect.poll(() => left(page)).toBe(before + 1);
        if (width === 360) await expectNoAxeViolations(page, { label: `/calendar ${locale}` });
        expect(errors).toEqual([]);
        await context.close();
      }, 240_000);
    }
  }
});
