import { describe, expect, it } from 'vitest';
import { setupBrowser, watchErrors } from '../helpers/browser';

const browser = setupBrowser();

describe('finding something to do', () => {
  it('searches from the home page, filters and sorts on /list, pages back and forth and switches tabs', async () => {
    const context = await browser.context();
    const page = await context.newPage();
    const errors = watchErrors(page);
    await page.goto('/');

    // Home search bar: text and category, Enter.
    await page.getByRole('searchbox').first().fill('koncert');
    await page.locator('header + div select, search select').first().selectOption({ label: 'Koncerty' });
    await page.getByRole('searchbox').first().press('Enter');
    await page.waitForURL(/\/list\?/);
    const url = new URL(page.url());
    expect(url.searchParams.get('search')).toBe('koncert');
    expect(url.searchParams.get('category_id')).toMatch(/^\d+$/);

    // Events tab, filters and sort.
    await page.getByRole('tab', { name: 'Wydarzenia', exact: true }).click();
    await expect
      .poll(() => page.getByRole('tab', { name: 'Wydarzenia', exact: true }).getAttribute('aria-selected'))
      .toBe('true');
    expect(new URL(page.url()).hash).toBe('#event_type');
    const filters = page.getByRole('form', { name: 'Filtry' }).first();
    await filters.getByRole('searchbox', { name: 'Szukana fraza' }).fill('');
    await filters.getByRole('button', { name: 'Więcej filtrów' }).click();
    await filters.getByLabel('Cena od (zł)').fill('10');
    await filters.getByLabel('Cena do (zł)').fill('300');
    await filters.getByRole('button', { name: 'Zastosuj' }).click();
    await page.waitForURL((u) => u.searchParams.get('price_min') === '10');
    expect(new URL(page.url()).searchParams.get('price_max')).toBe('300');

    await page.getByRole('combobox', { name: 'Sortuj' }).selectOption('price_asc');
    await page.waitForURL((u) => u.searchParams.get('order_by') === 'price_asc');
    const panel = page.locator('#list-panel-events');
    const firstPageNames = await panel.locator('article h3').allTextContents();
    expect(firstPageNames.length).toBeGreaterThan(0);

    // Page forward, then back with the browser's back button.
    const next = page
      .getByRole('navigation', { name: 'Strony wyników – wydarzenia', exact: true })
      .getByRole('link', { name: 'Następna strona' });
    if ((await next.getAttribute('aria-disabled')) !== 'true') {
      await next.click();
      await page.waitForURL((u) => u.searchParams.get('page') === '2');
      const secondPageNames = await panel.locator('article h3').allTextContents();
      expect(secondPageNames).not.toEqual(firstPageNames);
      await page.goBack();
      await page.waitForURL((u) => u.searchParams.get('page') === null);
      await expect.poll(() => panel.locator('article h3').allTextContents()).toEqual(firstPageNames);
    }
    const previous = page
      .getByRole('navigation', { name: 'Strony wyników – wydarzenia', exact: true })
      .getByRole('link', { name: 'Poprzednia strona' });
    expect(await previous.getAttribute('aria-disabled')).toBe('true');

    // Switch to places.
    await page.getByRole('tab', { name: 'Miejsca', exact: true }).click();
    await expect
      .poll(() => page.getByRole('tab', { name: 'Miejsca', exact: true }).getAttribute('aria-selected'))
      .toBe('true');
    expect(await page.locator('#list-panel-places').isVisible()).toBe(true);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('signs up for the newsletter from the home page and shows the events near the visitor', async () => {
    const context = await browser.context({
      permissions: ['geolocation'],
      geolocation: { latitude: 50.0614, longitude: 19.9366 },
    });
    const page = await context.newPage();
    // The bad address is refused by the API on purpose (a 422 the browser logs as a failed resource).
    const errors = watchErrors(page, [/^\/api\/newsletter$/]);
    await page.goto('/');

    const strip = page.getByRole('form', { name: 'Newsletter' });
    const email = strip.getByLabel('Adres e-mail');
    await email.fill('nie-adres');
    await strip.getByRole('button', { name: 'Zapisz się' }).click();
    await expect.poll(() => email.getAttribute('aria-invalid')).toBe('true');
    const describedBy = await email.getAttribute('aria-describedby');
    expect(await page.locator(`[id="${describedBy}"]`).textContent()).toMatch(/e-mail/i);
    await email.fill(`rodzina-${Date.now()}@example.com`);
    await strip.getByRole('button', { name: 'Zapisz się' }).click();
    await expect
      .poll(() =>
        page
          .getByRole('status')
          .filter({ hasText: /e-mail|link/i })
          .count(),
      )
      .toBeGreaterThan(0);
    expect(await email.getAttribute('aria-invalid')).not.toBe('true');

    // Nearby: asked only on the button; the cards (their code loaded then) show the distance.
    await page.getByRole('button', { name: 'Pokaż wydarzenia w pobliżu' }).click();
    const nearby = page.getByRole('region', { name: 'Wydarzenia w pobliżu' });
    await expect.poll(() => nearby.getByText(/km stąd/).count(), { timeout: 15_000 }).toBeGreaterThan(0);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('says so when nothing matches, and answers a bad filter without breaking', async () => {
    const context = await browser.context();
    const page = await context.newPage();
    const errors = watchErrors(page);
    await page.goto('/list?search=zzzzqqqqxxxx#event_type');
    await expect.poll(() => page.getByText('Brak wydarzeń').count()).toBeGreaterThan(0);
    const res = await page.goto('/list?date_from=not-a-date&price_min=abc#event_type');
    expect(res?.status()).toBe(200);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('fits a 360 px phone, with the filters in a drawer', async () => {
    const context = await browser.context({ viewport: { width: 360, height: 800 }, isMobile: true });
    const page = await context.newPage();
    await page.goto('/list#event_type');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await page.getByRole('button', { name: 'Filtry', exact: true }).click();
    await expect.poll(() => page.getByRole('dialog', { name: 'Filtry' }).isVisible()).toBe(true);
    await page.keyboard.press('Escape');
    await expect.poll(() => page.getByRole('dialog', { name: 'Filtry' }).isVisible()).toBe(false);
    await context.close();
  });
});
