import { describe, expect, it } from 'vitest';
import { warsawDateTime } from '@/lib/opening-hours';
import { callFromPage, hydrated, setupBrowser, signIn, watchErrors } from '../helpers/browser';

// Issue 30: a company closes its place for today with a special day in the place form; the place page
// says it is closed and "Otwarte teraz" on /list's places tab leaves it out; once the day is removed,
// its whole-day hours make it open and listed again.

const browser = setupBrowser();

const texts = {
  pl: {
    form: 'Dane miejsca',
    add: 'Dodaj dzień szczególny',
    date: 'Data',
    closed: 'Zamknięte',
    save: 'Zapisz zmiany',
    remove: (date: string) => `Usuń dzień szczególny ${date}`,
    badgeClosed: 'Zamknięte',
    badgeOpen: 'Otwarte teraz · całą dobę',
    specialDays: 'Dni szczególne',
    filters: 'Filtry',
    openNow: 'Otwarte teraz',
    apply: 'Zastosuj',
  },
  en: {
    form: 'Place details',
    add: 'Add a special day',
    date: 'Date',
    closed: 'Closed',
    save: 'Save changes',
    remove: (date: string) => `Remove the special day ${date}`,
    badgeClosed: 'Closed',
    badgeOpen: 'Open now · 24 hours',
    specialDays: 'Special days',
    filters: 'Filters',
    openNow: 'Open now',
    apply: 'Apply',
  },
} as const;

describe.each([
  { locale: 'pl', width: 360, height: 740 },
  { locale: 'en', width: 1440, height: 900 },
] as const)('special days and "open now" ($locale, $width px)', ({ locale, width, height }) => {
  it('a closed special day today hides the place from "open now"; removing it lists it again', {
    timeout: 180_000,
  }, async () => {
    const t = texts[locale];
    const context = await browser.context({ viewport: { width, height }, isMobile: width < 500 });
    const page = await signIn(context, 'firma@example.com');
    if (locale === 'en') await context.addCookies([{ name: 'locale', value: 'en', url: browser.baseUrl() }]);
    const errors = watchErrors(page);
    const city = `Otwartowo ${locale} ${Date.now()}`;
    const name = `Kawiarnia Zawsze ${locale}`;
    const created = await callFromPage(page, 'POST', '/api/place', {
      form: {
        name,
        city,
        street: 'Długa 5',
        postcode: '80-831',
        phone: '+48 58 100 20 30',
        description: '<p>Kawa przez całą dobę.</p>',
        'categories[]': '2',
        ...Object.fromEntries([1, 2, 3, 4, 5, 6, 7].map((d) => [`place_hours_whole_day[${d}]`, '1'])),
      },
    });
    expect(created.status).toBe(201);
    const id = (created.json as { data: { id: number } }).data.id;
    const today = warsawDateTime(new Date()).date;

    // The owner adds today as a closed special day.
    await page.goto(`/account/edit-place/${id}`);
    await hydrated(page);
    const form = page.getByRole('form', { name: t.form });
    await form.getByRole('button', { name: t.add }).click();
    const day = form.locator('[data-special-days] li').last();
    await day.getByLabel(t.date).fill(today);
    expect(await day.getByRole('checkbox', { name: t.closed }).isChecked()).toBe(true);
    await form.getByRole('button', { name: t.save }).click();
    await page.waitForURL(/\/account\/places$/);

    await page.goto(`/places/${id}`);
    const badge = page.locator('[data-open-now]');
    expect(await badge.getAttribute('data-open-now')).toBe('closed');
    expect((await badge.textContent())?.trim()).toBe(t.badgeClosed);
    expect(await page.getByRole('heading', { name: t.specialDays }).count()).toBe(1);
    expect(await page.locator(`[data-special-days] tr[data-date="${today}"]`).textContent()).toContain(
      t.closed,
    );

    // On /list's places tab the place is found, but not once "open now" is ticked.
    await page.goto(`/list?localization=${encodeURIComponent(city)}#place_type`);
    await hydrated(page);
    const card = page.getByRole('link', { name }).first();
    await expect.poll(() => card.count()).toBeGreaterThan(0);
    const toggle = page.getByRole('checkbox', { name: t.openNow });
    if (!(await toggle.isVisible())) await page.getByRole('button', { name: t.filters, exact: true }).click();
    await toggle.check();
    await page.getByRole('button', { name: t.apply }).click();
    await page.waitForURL(/open_now=1/);
    await expect.poll(() => page.getByRole('link', { name }).count()).toBe(0);

    // The owner removes the special day: the whole-day hours apply again.
    await page.goto(`/account/edit-place/${id}`);
    await hydrated(page);
    await page
      .getByRole('form', { name: t.form })
      .getByRole('button', { name: t.remove(today) })
      .click();
    await page.getByRole('form', { name: t.form }).getByRole('button', { name: t.save }).click();
    await page.waitForURL(/\/account\/places$/);

    await page.goto(`/list?localization=${encodeURIComponent(city)}&open_now=1#place_type`);
    await expect.poll(() => page.getByRole('link', { name }).count()).toBeGreaterThan(0);
    // Ticked from the address (inside the closed drawer on a phone, so found by its name).
    expect(await page.locator('input[type="checkbox"][name="open_now"]').first().isChecked()).toBe(true);

    await page.goto(`/places/${id}`);
    expect((await page.locator('[data-open-now]').textContent())?.trim()).toBe(t.badgeOpen);
    expect(await page.locator('[data-special-days]').count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });
});
