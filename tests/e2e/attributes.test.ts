import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { callFromPage, hydrated, setupBrowser, signIn, watchErrors } from '../helpers/browser';

// Issue 30 item 4: a company ticks "Przewijak" and "Wejście bez schodów" on its place; the place page
// shows them with words; /list's places tab filtered by both lists the place (and the filters keep them
// in the URL); an event with the same attributes is found the same way on the events tab.

const browser = setupBrowser();

const texts = {
  pl: {
    form: 'Dane miejsca',
    save: 'Zapisz zmiany',
    changing: 'Przewijak',
    stepFree: 'Wejście bez schodów',
    heading: 'Udogodnienia',
    chips: 'Udogodnienia',
    filters: 'Filtry',
    apply: 'Zastosuj',
  },
  en: {
    form: 'Place details',
    save: 'Save changes',
    changing: 'Baby changing table',
    stepFree: 'Step-free entrance',
    heading: 'Amenities',
    chips: 'Amenities',
    filters: 'Filters',
    apply: 'Apply',
  },
} as const;

const twoAttributes = /attributes=changing_table(%2C|,)step_free_entrance/;

/** The words of the chips in the list labelled `label` on the card whose link is named `name`. */
async function chipsOn(page: Page, name: string, label: string): Promise<string[]> {
  const card = page
    .locator('article')
    .filter({ has: page.getByRole('link', { name }) })
    .first();
  const chips = card.getByRole('list', { name: label, exact: true });
  return (await chips.locator('li').allTextContents()).map((s) => s.trim());
}

describe.each([
  { locale: 'pl', width: 360, height: 740 },
  { locale: 'en', width: 1440, height: 900 },
] as const)('attributes on places and events ($locale, $width px)', ({ locale, width, height }) => {
  it('ticked on a place, shown with words, and found by the /list filter', { timeout: 180_000 }, async () => {
    const t = texts[locale];
    const context = await browser.context({ viewport: { width, height }, isMobile: width < 500 });
    const page = await signIn(context, 'firma@example.com');
    if (locale === 'en') await context.addCookies([{ name: 'locale', value: 'en', url: browser.baseUrl() }]);
    const errors = watchErrors(page);
    const city = `Cechowo ${locale} ${Date.now()}`;
    const name = `Bawialnia Cecha ${locale}`;
    const created = await callFromPage(page, 'POST', '/api/place', {
      form: {
        name,
        city,
        street: 'Długa 5',
        postcode: '80-831',
        phone: '+48 58 100 20 30',
        description: '<p>Miejsce dla rodzin.</p>',
        'categories[]': '2',
        ...Object.fromEntries([1, 2, 3, 4, 5, 6, 7].map((d) => [`place_hours_whole_day[${d}]`, '1'])),
      },
    });
    expect(created.status, JSON.stringify(created.json)).toBe(201);
    const id = (created.json as { data: { id: number } }).data.id;

    // The owner ticks the two attributes in the place form.
    await page.goto(`/account/edit-place/${id}`);
    await hydrated(page);
    const form = page.getByRole('form', { name: t.form });
    await form.getByRole('checkbox', { name: t.changing, exact: true }).check();
    await form.getByRole('checkbox', { name: t.stepFree, exact: true }).check();
    await form.getByRole('button', { name: t.save }).click();
    await page.waitForURL(/\/account\/places$/);

    // The place page shows them with their words.
    await page.goto(`/places/${id}`);
    const list = page.locator('[data-testid="attribute-list"]');
    await expect.poll(() => list.count()).toBe(1);
    const words = (await list.locator('li').allTextContents()).map((s) => s.trim());
    expect(words).toEqual([t.stepFree, t.changing]);
    expect(await page.getByRole('heading', { name: t.heading }).count()).toBe(1);
    // Nothing overflows the phone's width.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);

    // /list, places tab: both filters ticked and applied keep the place, and stay in the URL.
    await page.goto(`/list?localization=${encodeURIComponent(city)}#place_type`);
    await hydrated(page);
    await expect.poll(() => page.getByRole('link', { name }).count()).toBeGreaterThan(0);
    const changing = page.getByRole('checkbox', { name: t.changing, exact: true });
    if (!(await changing.isVisible()))
      await page.getByRole('button', { name: t.filters, exact: true }).click();
    await changing.check();
    await page.getByRole('checkbox', { name: t.stepFree, exact: true }).check();
    await page.getByRole('button', { name: t.apply }).click();
    await page.waitForURL(twoAttributes);
    await expect.poll(() => page.getByRole('link', { name }).count()).toBeGreaterThan(0);
    // Its card shows the two attributes with their words, and the results fit the phone's width.
    expect(await chipsOn(page, name, t.chips)).toEqual([t.stepFree, t.changing]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    // A third attribute it lacks leaves it out.
    await page.goto(
      `/list?localization=${encodeURIComponent(city)}&attributes=changing_table,parking,step_free_entrance#place_type`,
    );
    await expect.poll(() => page.getByRole('link', { name }).count()).toBe(0);

    // An event with the same attributes is found the same way on the events tab.
    const ids = (
      (await callFromPage(page, 'GET', '/api/attribute')).json as { data: { id: number; slug: string }[] }
    ).data;
    const idOf = (slug: string) => String(ids.find((a) => a.slug === slug)?.id);
    const start = new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10);
    const eventName = `Poranek z bajkami ${locale}`;
    const event = await callFromPage(page, 'POST', '/api/event', {
      form: {
        category_id: '1',
        place_id: String(id),
        name: eventName,
        price_min: '0',
        price_max: '0',
        spots_left: '20',
        start_date: start,
        start_date_h: '10:00',
        end_date: start,
        end_date_h: '11:00',
        'attribute_ids[0]': idOf('changing_table'),
        'attribute_ids[1]': idOf('step_free_entrance'),
      },
    });
    expect(event.status, JSON.stringify(event.json)).toBe(201);
    await page.goto(
      `/list?localization=${encodeURIComponent(city)}&attributes=changing_table,step_free_entrance#event_type`,
    );
    await expect.poll(() => page.getByRole('link', { name: eventName }).count()).toBeGreaterThan(0);
    expect(await chipsOn(page, eventName, t.chips)).toEqual([t.stepFree, t.changing]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    await page.goto(
      `/list?localization=${encodeURIComponent(city)}&attributes=changing_table,parking#event_type`,
    );
    await expect.poll(() => page.getByRole('link', { name: eventName }).count()).toBe(0);

    expect(errors).toEqual([]);
    await context.close();
  });
});
