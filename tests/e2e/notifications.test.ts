import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { setupBrowser, watchErrors } from '../helpers/browser';

// Spec §2 top bar, §4: a favourite place publishes an event; the attendee's bell shows it in words, in
// Polish and in English; clicking it opens the event and removes it from the bell.

const browser = setupBrowser();

async function signIn(context: BrowserContext, email: string): Promise<Page> {
  const page = await context.newPage();
  await page.goto('/login');
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Hasło', { exact: true }).fill('Demo1234!');
  await page.getByRole('button', { name: 'Zaloguj się', exact: true }).click();
  await page.waitForURL((url) => url.pathname === '/');
  return page;
}

/** A call from inside the page, as its own scripts make them (same origin, the session cookie). */
function call(page: Page, method: string, url: string, body?: Record<string, unknown> | FormDataInit) {
  return page.evaluate(
    async ({ method, url, body }) => {
      const init: RequestInit = { method };
      if (body && 'form' in body) {
        const form = new FormData();
        for (const [name, value] of Object.entries(body.form as Record<string, string>))
          form.append(name, value);
        init.body = form;
      } else if (body) {
        init.headers = { 'Content-Type': 'application/json' };
        init.body = JSON.stringify(body);
      }
      const res = await fetch(url, init);
      return { status: res.status, json: res.status === 204 ? null : await res.json() };
    },
    { method, url, body },
  );
}

type FormDataInit = { form: Record<string, string> };

/** The bell: the top bar's dropdown whose summary is labelled with the notification count. */
function bellOf(page: Page, label: RegExp) {
  return page.locator('header details').filter({ has: page.getByLabel(label) });
}

describe('a notification from a favourite place', () => {
  it('shows the new event in words in both languages, opens it and disappears when clicked', async () => {
    const owner = await browser.context();
    const company = await signIn(owner, 'firma@example.com');
    const me = await call(company, 'GET', '/api/user');
    const placeId = (me.json as { data: { places: { id: number }[] } }).data.places[0]?.id;
    expect(placeId).toBeDefined();
    const categories = await call(company, 'GET', '/api/category');
    const categoryId = (categories.json as { data: { id: number }[] }).data[0]?.id;

    const visitor = await browser.context({ viewport: { width: 360, height: 740 } });
    const user = await signIn(visitor, 'uzytkownik@example.com');
    const errors = watchErrors(user);
    expect((await call(user, 'POST', '/api/place/add_favourite', { id: placeId })).status).toBe(200);

    const name = `Koncert dla ulubionych ${Date.now()}`;
    const created = await call(company, 'POST', '/api/event', {
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

    await call(company, 'DELETE', `/api/event/${eventId}`);
    await call(user, 'POST', '/api/place/remove_favourite', { id: placeId });
    await owner.close();
    await visitor.close();
  });
});
