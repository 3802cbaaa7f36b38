import { describe, expect, it } from 'vitest';
import { setupBrowser, watchErrors } from '../helpers/browser';
import { parseIcs } from '../helpers/ics';

const browser = setupBrowser();

// Issue 17: a search's feeds are named in the page head and linked on the page; the calendar behind
// the visible link holds the events the list shows, in the same order.

describe('feeds of a search', () => {
  it('names the feeds of /list in the head and links a calendar of the city’s events', async () => {
    const context = await browser.context();
    const page = await context.newPage();
    const errors = watchErrors(page);
    await page.goto('/list?localization=Krak%C3%B3w#event_type');

    const head = (type: string) => page.locator(`head link[rel="alternate"][type="${type}"]`);
    for (const type of ['application/rss+xml', 'text/calendar', 'application/feed+json']) {
      await expect.poll(() => head(type).count(), { message: type }).toBe(1);
      const href = new URL((await head(type).getAttribute('href')) ?? '');
      expect(href.pathname).toMatch(/^\/api\/feed\/events\.(rss|ics|json)$/);
      expect(href.searchParams.get('localization')).toBe('Kraków');
    }
    // The language links of the list stay beside the feeds.
    expect(await page.locator('head link[rel="alternate"][hreflang="en"]').count()).toBe(1);

    // Issue 30: the links sit behind one "Subskrybuj" control.
    await page.locator('summary', { hasText: 'Subskrybuj' }).click();
    const feeds = page.getByRole('navigation', { name: 'Subskrybuj te wydarzenia' });
    const ics = await feeds.getByRole('link', { name: 'iCalendar (.ics)' }).getAttribute('href');
    const webcal = await feeds.getByRole('link', { name: 'Aplikacja kalendarza' }).getAttribute('href');
    expect(webcal).toBe(ics?.replace(/^https?:/, 'webcal:'));
    const url = new URL(ics ?? '');
    const res = await page.request.get(url.pathname + url.search);
    expect(res.status()).toBe(200);
    expect(res.headers()['content-type']).toBe('text/calendar; charset=utf-8');
    const calendar = parseIcs(await res.text());
    expect(calendar.name).toContain('Kraków');
    expect(calendar.events.length).toBeGreaterThan(0);
    for (const event of calendar.events) expect(event.location).toMatch(/Kraków$/);

    // The list's first page, by start as the feed is, begins the calendar.
    const shown = await page.locator('ul[aria-labelledby="list-events-count"] article h3').allTextContents();
    expect(shown.length).toBeGreaterThan(0);
    expect(calendar.events.slice(0, shown.length).map((e) => e.summary)).toEqual(shown.map((n) => n.trim()));
    expect(errors).toEqual([]);
    await context.close();
  });
});
