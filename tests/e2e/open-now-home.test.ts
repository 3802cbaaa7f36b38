import { describe, expect, it } from 'vitest';
import { warsawDateTime } from '@/lib/opening-hours';
import { callFromPage, clickHydrated, hydrated, setupBrowser, signIn, watchErrors } from '../helpers/browser';
import { contrastOf } from '../helpers/contrast';

// Issue 30: from the home page, "Otwarte teraz", a city and Search land on the places open now, the first
// of them on a phone's first screen, with the events on now on the other tab (one question, both tabs).
// The places are the test's own, in a city of their own, so the answer does not depend on the hour.

const browser = setupBrowser();

const texts = {
  pl: { openNow: 'Otwarte teraz', city: 'Miasto', search: 'Szukaj', places: 'Miejsca', events: 'Wydarzenia' },
  en: { openNow: 'Open now', city: 'City', search: 'Search', places: 'Places', events: 'Events' },
} as const;

describe.each([
  { locale: 'pl', width: 360, height: 740 },
  { locale: 'en', width: 1440, height: 900 },
] as const)('"open now" from the home page ($locale, $width px)', ({ locale, width, height }) => {
  it('finds the places open now in a city and the events on now', { timeout: 180_000 }, async () => {
    const t = texts[locale];
    // The company sets the scene: a place open round the clock, one closed every day, an event on now.
    const owner = await browser.context();
    const company = await signIn(owner, 'firma@example.com');
    const city = `Nocne Miasto ${locale} ${Date.now()}`;
    const place = async (name: string, hours: Record<string, string>) => {
      const res = await callFromPage(company, 'POST', '/api/place', {
        form: {
          name,
          city,
          street: 'Długa 5',
          postcode: '80-831',
          phone: '+48 58 100 20 30',
          description: '<p>Miejsce testowe.</p>',
          'categories[]': '2',
          ...hours,
        },
      });
      expect(res.status, JSON.stringify(res.json)).toBe(201);
      return (res.json as { data: { id: number } }).data.id;
    };
    const everyDay = (field: string) =>
      Object.fromEntries([1, 2, 3, 4, 5, 6, 7].map((d) => [`${field}[${d}]`, '1']));
    const openName = `Kawiarnia Całodobowa ${locale}`;
    const closedName = `Pracownia Zamknięta ${locale}`;
    const openId = await place(openName, everyDay('place_hours_whole_day'));
    await place(closedName, everyDay('place_hours_closed'));
    // Started an hour ago, ends in two, on the form's 5-minute steps, in Warsaw time.
    const at = (ms: number) => warsawDateTime(new Date(Math.floor(ms / 300_000) * 300_000));
    const started = at(Date.now() - 3_600_000);
    const ends = at(Date.now() + 2 * 3_600_000);
    const eventName = `Jam session teraz ${locale}`;
    const event = await callFromPage(company, 'POST', '/api/event', {
      form: {
        category_id: '1',
        place_id: String(openId),
        name: eventName,
        price_min: '0',
        price_max: '0',
        spots_left: '30',
        start_date: started.date,
        start_date_h: started.time,
        end_date: ends.date,
        end_date_h: ends.time,
      },
    });
    expect(event.status, JSON.stringify(event.json)).toBe(201);
    await owner.close();

    // A visitor on a phone: tap one, the chip; typing; tap two, Search.
    const context = await browser.context({ viewport: { width, height }, isMobile: width < 500 });
    if (locale === 'en') await context.addCookies([{ name: 'locale', value: 'en', url: browser.baseUrl() }]);
    const page = await context.newPage();
    const errors = watchErrors(page);
    await page.goto('/');
    await hydrated(page);
    const bar = page.locator('search');
    const chip = bar.getByRole('button', { name: t.openNow, exact: true });
    const chipBox = await chip.boundingBox();
    const heroBox = await page.locator('main h1').first().boundingBox();
    expect(chipBox && heroBox && chipBox.y + chipBox.height <= heroBox.y).toBe(true);
    await clickHydrated(chip);
    await expect.poll(() => chip.getAttribute('aria-pressed')).toBe('true');
    const contrast = await contrastOf(chip);
    expect(contrast.text, contrast.colours).toBeGreaterThanOrEqual(4.5);
    await bar.getByRole('textbox', { name: t.city, exact: true }).fill(city);
    await bar.getByRole('button', { name: t.search, exact: true }).click();
    await page.waitForURL((u) => u.pathname.endsWith('/list') && u.searchParams.get('open_now') === '1', {
      timeout: 60_000,
    });
    const url = new URL(page.url());
    expect(url.searchParams.get('localization')).toBe(city);
    expect(url.searchParams.has('date_from')).toBe(false);
    expect(url.hash).not.toBe('#event_type');

    // The places tab, with the open place only, its card on the first screen.
    const placesTab = page.getByRole('tab', { name: t.places, exact: true });
    await expect.poll(() => placesTab.getAttribute('aria-selected')).toBe('true');
    await hydrated(page);
    const api = await callFromPage(
      page,
      'GET',
      `/api/place?${new URLSearchParams({ localization: city, open_now: '1' })}`,
    );
    expect((api.json as { data: { name: string }[] }).data.map((p) => p.name)).toEqual([openName]);
    const placeCards = page.locator('#list-panel-places ul').first().locator('article');
    expect(await placeCards.locator('h3').allTextContents()).toEqual([openName]);
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    expect((await placeCards.first().boundingBox())?.y ?? 9999).toBeLessThan(height);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);

    // The same question on the events tab: the event on now.
    await page.getByRole('tab', { name: t.events, exact: true }).click();
    const eventCards = page.locator('#list-panel-events ul').first().locator('article');
    await expect.poll(() => eventCards.locator('h3').allTextContents()).toEqual([eventName]);

    // The chip stays pressed on the result page; choosing a date releases it.
    const resultChip = page.locator('search').getByRole('button', { name: t.openNow, exact: true });
    await expect.poll(() => resultChip.getAttribute('aria-pressed')).toBe('true');
    const today = page.locator('search').getByRole('button', { name: locale === 'pl' ? 'Dziś' : 'Today' });
    await clickHydrated(today);
    await expect.poll(() => resultChip.getAttribute('aria-pressed')).toBe('false');
    expect(await page.locator('search input[name="open_now"]').count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });
});
