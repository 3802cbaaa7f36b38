import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { setupBrowser, signIn, watchErrors } from '../helpers/browser';

// Issue 12 point 5: /calendar's recommended-nearby carousel (attendees only, never companies) and
// the private calendar feed's address.

const browser = setupBrowser();

const nearbyHeading = (page: Page) => page.getByRole('heading', { name: 'Wydarzenia w pobliżu' });
const slides = (page: Page) =>
  page.getByRole('region', { name: 'Wydarzenia w pobliżu' }).locator('[aria-roledescription="slide"]');

describe('the calendar’s nearby carousel and feed', () => {
  it('shows the attendee 20 events near the city, then near the browser’s location', async () => {
    const context = await browser.context();
    const page = await signIn(context, 'uzytkownik@example.com');
    const errors = watchErrors(page);
    await page.goto('/calendar');
    // The demo attendee lives in Kraków; the location is not asked for on load.
    await expect.poll(() => page.getByText('W pobliżu: Kraków').count()).toBe(1);
    expect(await slides(page).count()).toBe(20);
    expect(
      await page.getByRole('button', { name: 'Zatrzymaj automatyczne przewijanie' }).count(),
    ).toBeGreaterThan(0);
    expect(errors).toEqual([]);
    await context.close();

    // Where the browser already allows the location, it is used at once.
    const located = await browser.context({
      permissions: ['geolocation'],
      geolocation: { latitude: 54.352, longitude: 18.6466 },
    });
    const there = await signIn(located, 'uzytkownik@example.com');
    await there.goto('/calendar');
    await expect.poll(() => there.getByText('Najbliżej Twojej lokalizacji').count()).toBe(1);
    expect(await slides(there).count()).toBe(20);
    await located.close();
  });

  it('creates the private feed’s address and serves the calendar behind it', async () => {
    const context = await browser.context();
    const page = await signIn(context, 'uzytkownik@example.com');
    await page.goto('/calendar');
    await page.getByRole('button', { name: 'Utwórz adres kalendarza' }).click();
    const subscribe = page.getByRole('link', { name: 'Subskrybuj kalendarz' });
    await expect.poll(() => subscribe.count()).toBe(1);
    const webcal = (await subscribe.getAttribute('href')) ?? '';
    expect(webcal).toMatch(/^webcal:\/\/.+\/api\/calendar\/feed\/[A-Za-z0-9_-]{43}\.ics$/);
    const feed = await page.request.get(webcal.replace(/^webcal:/, new URL(browser.baseUrl()).protocol));
    expect(feed.status()).toBe(200);
    expect(await feed.text()).toMatch(/^BEGIN:VCALENDAR\r\n/);
    await context.close();
  });

  it('shows companies no nearby panel, on the home page or on /calendar', async () => {
    const anonymous = await browser.context();
    const visitor = await anonymous.newPage();
    await visitor.goto('/');
    expect(await nearbyHeading(visitor).count()).toBe(1);
    await anonymous.close();

    const context = await browser.context();
    const page = await signIn(context, 'firma@example.com');
    expect(await nearbyHeading(page).count()).toBe(0);
    await page.goto('/calendar');
    expect(await page.getByRole('heading', { level: 1 }).count()).toBe(1);
    expect(await nearbyHeading(page).count()).toBe(0);
    await context.close();
  });
});
