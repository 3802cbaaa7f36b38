import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { callFromPage, setupBrowser, signIn, watchErrors } from '../helpers/browser';

// Spec §2 top bar, §4: a favourite place publishes an event; the attendee's bell shows it in words, in
// Polish and in English; clicking it opens the event and removes it from the bell.

const browser = setupBrowser();

/** The bell: the top bar's dropdown whose summary is labelled with the notification count. */
function bellOf(page: Page, label: RegExp) {
  return page.locator('header details').filter({ has: page.getByLabel(label) });
}

describe('a notification from a favourite place', () => {
  it('shows the new event in words in both languages, opens it and disappears when clicked', async () => {
    const owner = await browser.context();
    const company = await signIn(owner, 'firma@example.com');
    const me = await callFromPage(company, 'GET', '/api/user');
    const placeId = (me.json as { data: { places: { id: number }[] } }).data.places[0]?.id;
    expect(placeId).toBeDefined();
    const categories = await callFromPage(company, 'GET', '/api/category');
    const categoryId = (categories.json as { data: { id: number }[] }).data[0]?.id;

    const visitor = await browser.context({ viewport: { width: 360, height: 740 } });
    const user = await signIn(visitor, 'uzytkownik@example.com');
    const errors = watchErrors(user);
    expect((await callFromPage(user, 'POST', '/api/place/add_favourite', { id: placeId })).status).toBe(200);
    // Issue 29: a place's new events of one day gather into one unread notification; an event another
    // test published here today would fold this one into "…: 2 new events", so the bell starts read.
    expect((await callFromPage(user, 'POST', '/api/notification/read_all')).status).toBe(200);

    const name = `Koncert dla ulubionych ${Date.now()}`;
    const created = await callFromPage(company, 'POST', '/api/event', {
      form: {
        name,
        place_id: String(placeId),
        category_id: String(categoryId),
        description: 'Wieczór z muzyką.',
        start_date: '2027-05-14',
        start_date_h: '19:00',
        end_date: '2027-05-14',
        end_date_h: '21:00',
        price_min: '20',
        price_max: '40',
        spots_left: '50',
      },
    });
    expect(created.status).toBe(201);
    const eventId = (created.json as { data: { id: number } }).data.id;

    for (const [locale, label, text] of [
      ['en', /^Notifications/, /has a new event: /],
      ['pl', /^Powiadomienia/, /dodaje nowe wydarzenie: /],
    ] as const) {
      await visitor.addCookies([{ name: 'locale', value: locale, url: browser.baseUrl() }]);
      await user.goto('/');
      const bell = bellOf(user, label);
      await bell.locator('summary').click();
      const item = bell.getByRole('button', { name: new RegExp(name) });
      await expect.poll(() => item.textContent()).toMatch(text);
      // The open dropdown stays on a 360 px screen.
      const box = await bell.locator('summary + div').boundingBox();
      expect(box && box.x >= 0 && box.x + box.width <= 360).toBe(true);
      if (locale === 'pl') {
        await item.click();
        await user.waitForURL((url) => url.pathname === `/event/${eventId}`);
        await user.goto('/');
        await bellOf(user, label).locator('summary').click();
        await expect
          .poll(() =>
            bellOf(user, label)
              .getByRole('button', { name: new RegExp(name) })
              .count(),
          )
          .toBe(0);
      }
    }
    expect(errors).toEqual([]);

    await callFromPage(company, 'DELETE', `/api/event/${eventId}`);
    await callFromPage(user, 'POST', '/api/place/remove_favourite', { id: placeId });
    await owner.close();
    await visitor.close();
  });
});
