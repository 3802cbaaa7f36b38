import { describe, expect, it } from 'vitest';
import { shortcutRange } from '@/lib/date-shortcuts';
import { warsawToDate } from '@/lib/warsaw-time';
import { callFromPage, clickHydrated, hydrated, setupBrowser, watchErrors } from '../helpers/browser';
import { contrastOf } from '../helpers/contrast';

// Issue 30: from the home page, "Ten weekend", a city and Search land on the weekend's events, the first
// of them on a phone's first screen; the pressed chip stays readable; the feeds sit behind "Subskrybuj".
// The demo seed has events in Gdańsk over the next 90 days, the coming weekend's among them.

const browser = setupBrowser();
const city = 'Gdańsk';

const texts = {
  pl: {
    weekend: 'Ten weekend',
    city: 'Miasto',
    search: 'Szukaj',
    tab: 'Wydarzenia',
    subscribe: 'Subskrybuj',
    filters: 'Filtry',
    tonight: 'Dziś wieczorem',
    apply: 'Zastosuj',
  },
  en: {
    weekend: 'This weekend',
    city: 'City',
    search: 'Search',
    tab: 'Events',
    subscribe: 'Subscribe',
    filters: 'Filters',
    tonight: 'Tonight',
    apply: 'Apply',
  },
} as const;
const feedsLabel = { pl: 'Subskrybuj te wydarzenia', en: 'Subscribe to these events' } as const;

interface ApiEvent {
  name: string;
  start_date: string;
  end_date: string;
}

describe.each([
  { locale: 'pl', width: 360 },
  { locale: 'en', width: 360 },
  { locale: 'pl', width: 1440 },
] as const)('the weekend in two taps ($locale, $width px)', ({ locale, width }) => {
  it('finds the weekend’s events in a city from the home page', { timeout: 180_000 }, async () => {
    const t = texts[locale];
    const context = await browser.context({ viewport: { width, height: width < 640 ? 740 : 900 } });
    if (locale === 'en') {
      await context.addCookies([{ name: 'locale', value: 'en', url: browser.baseUrl() }]);
    }
    const page = await context.newPage();
    const errors = watchErrors(page);
    await page.goto('/');
    await hydrated(page);

    const bar = page.locator('search');
    const chip = bar.getByRole('button', { name: t.weekend, exact: true });
    // The chips and the search sit above the hero, on the first screen.
    const chipBox = await chip.boundingBox();
    const heroBox = await page.locator('main h1').first().boundingBox();
    expect(chipBox && heroBox && chipBox.y + chipBox.height <= heroBox.y).toBe(true);

    // Tap one: the chip.
    await clickHydrated(chip);
    await expect.poll(() => chip.getAttribute('aria-pressed')).toBe('true');
    const contrast = await contrastOf(chip);
    expect(contrast.text, contrast.colours).toBeGreaterThanOrEqual(4.5);

    // Typing, then tap two: Search.
    await bar.getByRole('textbox', { name: t.city, exact: true }).fill(city);
    await bar.getByRole('button', { name: t.search, exact: true }).click();
    await page.waitForURL((u) => u.pathname.endsWith('/list') && u.searchParams.has('date_from'), {
      timeout: 60_000,
    });
    const weekend = shortcutRange('weekend', new Date());
    const url = new URL(page.url());
    expect(url.hash).toBe('#event_type');
    expect(url.searchParams.get('date_from')).toBe(weekend.date_from);
    expect(url.searchParams.get('date_end')).toBe(weekend.date_end);
    expect(url.searchParams.get('localization')).toBe(city);

    const tab = page.getByRole('tab', { name: t.tab, exact: true });
    await expect.poll(() => tab.getAttribute('aria-selected')).toBe('true');
    await hydrated(page);

    // Only events of those days: the page shows what the API finds, and each of those overlaps the days.
    const query = new URLSearchParams({ localization: city, ...weekend });
    const api = await callFromPage(page, 'GET', `/api/event?${query}`);
    expect(api.status).toBe(200);
    const found = (api.json as { data: ApiEvent[] }).data;
    expect(found.length).toBeGreaterThan(0);
    const from = warsawToDate(weekend.date_from, '00:00')?.getTime() ?? 0;
    const to = (warsawToDate(weekend.date_end, '23:59')?.getTime() ?? 0) + 60_000;
    for (const event of found) {
      expect(Date.parse(event.start_date), event.name).toBeLessThan(to);
      expect(Date.parse(event.end_date), event.name).toBeGreaterThanOrEqual(from);
    }
    const cards = page.locator('#list-panel-events ul').first().locator('article h3');
    expect(await cards.allTextContents()).toEqual(found.map((e) => e.name));

    // The first result starts on the first screen of a phone (740 px high), the page not scrolled.
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    const first = await page
      .locator('#list-panel-events ul')
      .first()
      .locator('article')
      .first()
      .boundingBox();
    expect(first).not.toBeNull();
    expect(first?.y ?? 9999).toBeLessThan(740);

    // The chip is still pressed on the result page, in the search bar and in the filters.
    await expect
      .poll(() =>
        page.locator('search').getByRole('button', { name: t.weekend }).getAttribute('aria-pressed'),
      )
      .toBe('true');

    // "Subskrybuj" opens the feed links.
    const feeds = page.getByRole('navigation', { name: feedsLabel[locale] });
    expect(await feeds.isVisible()).toBe(false);
    await page.locator('summary', { hasText: t.subscribe }).click();
    await expect.poll(() => feeds.isVisible()).toBe(true);
    const rss = new URL((await feeds.getByRole('link', { name: 'RSS' }).getAttribute('href')) ?? '');
    expect(rss.pathname).toBe('/api/feed/events.rss');
    expect(rss.searchParams.get('date_from')).toBe(weekend.date_from);

    // The filters hold the same dates, in view, and "Tonight" for the events; Apply keeps them in the URL.
    // On a phone they are in the drawer its "Filters" button opens, with the feeds' disclosure still open
    // (it pushes the page down rather than covering that button).
    if (width < 960) {
      await clickHydrated(page.getByRole('button', { name: t.filters, exact: true }));
      await expect.poll(() => page.getByRole('dialog', { name: t.filters }).isVisible()).toBe(true);
    }
    const filters = page.getByRole('form', { name: t.filters }).first();
    await expect
      .poll(() => filters.getByRole('button', { name: t.weekend, exact: true }).getAttribute('aria-pressed'))
      .toBe('true');
    await clickHydrated(filters.getByRole('button', { name: t.tonight, exact: true }));
    await filters.getByRole('button', { name: t.apply, exact: true }).click();
    await page.waitForURL((u) => u.searchParams.get('happening') === 'tonight', { timeout: 60_000 });
    const applied = new URL(page.url());
    expect(applied.searchParams.get('date_from')).toBe(weekend.date_from);
    expect(applied.hash).toBe('#event_type');

    expect(errors).toEqual([]);
    await context.close();
  });
});
