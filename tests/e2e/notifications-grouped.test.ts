import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { callFromPage, hydrated, setupBrowser, signIn, watchErrors } from '../helpers/browser';
import { waitForMailLink } from '../helpers/outbox';

// Issue 29 point 4: a followed place's new events of one day are one line in the bell ("Klub X: 3 nowe
// wydarzenia"), "mark all as read" empties the bell, and /notifications lists every notification, read
// and unread, 20 to a page. At 360 and 1440 px, in Polish and English.
//
// A fresh attendee follows one of the demo company's places (not the first, which the demo user
// follows): the place publishes an event, the attendee keeps it among favourites and hears of 22 edits
// of it, then the place publishes two more: 23 notifications, the newest one the group of 3 events.

const browser = setupBrowser();
const stamp = Date.now();
const email = `powiadomienia.${stamp}@example.com`;
const password = 'tajnehaslo1';
const viewport = (width: number) => ({ width, height: width < 640 ? 740 : 900 });
const edits = 22;

let companyContext: BrowserContext;
let company: Page;
let placeId = 0;
let placeName = '';
let categoryId = 0;
const eventIds: number[] = [];

const eventForm = (name: string, day: number, extra: Record<string, string> = {}) => ({
  form: {
    name,
    place_id: String(placeId),
    category_id: String(categoryId),
    description: 'Wieczór z muzyką.',
    start_date: `2027-06-${String(day).padStart(2, '0')}`,
    start_date_h: '19:00',
    end_date: `2027-06-${String(day).padStart(2, '0')}`,
    end_date_h: '21:00',
    price_min: '20',
    price_max: '40',
    spots_left: '50',
    ...extra,
  },
});

async function publish(name: string, day: number): Promise<number> {
  const created = await callFromPage(company, 'POST', '/api/event', eventForm(name, day));
  expect(created.status, JSON.stringify(created.json)).toBe(201);
  const id = (created.json as { data: { id: number } }).data.id;
  eventIds.push(id);
  return id;
}

async function edit(id: number, name: string, description: string) {
  const res = await callFromPage(
    company,
    'POST',
    `/api/event/${id}`,
    eventForm(name, 1, { _method: 'PUT', description }),
  );
  expect(res.status, JSON.stringify(res.json)).toBe(200);
}

/** A context signed in as the fresh attendee, in `locale` and `width`. */
async function attendee(width: number, locale: 'pl' | 'en'): Promise<Page> {
  const context = await browser.context({ viewport: viewport(width) });
  const page = await signIn(context, email, password);
  await context.addCookies([{ name: 'locale', value: locale, url: browser.baseUrl() }]);
  return page;
}

/** The bell: the top bar's dropdown whose summary is labelled with the notification count. */
const bellOf = (page: Page) =>
  page.locator('header details').filter({
    has: page.locator('summary[aria-label^="Powiadomienia"], summary[aria-label^="Notifications"]'),
  });

async function bellCount(page: Page): Promise<number> {
  const label = (await bellOf(page).locator('summary').getAttribute('aria-label')) ?? '';
  return Number(label.match(/(\d+)$/)?.[1] ?? Number.NaN);
}

async function noHorizontalOverflow(page: Page): Promise<boolean> {
  return page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth);
}

const texts = {
  pl: {
    group: () => `${placeName}: 3 nowe wydarzenia`,
    all: 'Wszystkie powiadomienia',
    markAll: 'Oznacz wszystkie jako przeczytane',
    title: 'Powiadomienia',
    unread: 'Nowe',
    pages: 'Strony powiadomień',
    next: 'Następna strona',
    unreadCount: (n: number) =>
      `${n} ${n % 10 >= 2 && n % 10 <= 4 && (n % 100 < 12 || n % 100 > 14) ? 'nieprzeczytane' : 'nieprzeczytanych'}`,
    allRead: 'Wszystkie przeczytane',
  },
  en: {
    group: () => `${placeName}: 3 new events`,
    all: 'All notifications',
    markAll: 'Mark all as read',
    title: 'Notifications',
    unread: 'New',
    pages: 'Notification pages',
    next: 'Next page',
    unreadCount: (n: number) => `${n} unread`,
    allRead: 'All read',
  },
} as const;

beforeAll(async () => {
  companyContext = await browser.context();
  company = await signIn(companyContext, 'firma@example.com');
  const me = await callFromPage(company, 'GET', '/api/user');
  const places = (me.json as { data: { places: { id: number; name: string }[] } }).data.places;
  const place = places.at(1) ?? places.at(-1);
  if (!place) throw new Error('the demo company has no place');
  placeId = place.id;
  placeName = place.name;
  const categories = await callFromPage(company, 'GET', '/api/category');
  categoryId = (categories.json as { data: { id: number }[] }).data[0]?.id ?? 0;

  // The attendee registers, confirms and follows the place.
  const visitorContext = await browser.context();
  const visitor = await visitorContext.newPage();
  await visitor.goto('/');
  const registered = await callFromPage(visitor, 'POST', '/api/user', {
    first_name: 'Ewa',
    last_name: 'Powiadomska',
    email,
    city: 'Gdańsk',
    password,
    password_confirmation: password,
  });
  expect(registered.status, JSON.stringify(registered.json)).toBe(201);
  const mailed = await waitForMailLink(inject('serverDataDir'), email, /\/user\/verify\/[\w-]+/);
  await visitor.goto(`/confirm/${mailed.split('/').pop()}`);
  await visitor.waitForURL((url) => url.pathname === '/login' && url.searchParams.get('confirmed') === '1', {
    timeout: 30_000,
  });
  await visitorContext.close();
  const user = await attendee(1440, 'pl');
  expect((await callFromPage(user, 'POST', '/api/place/add_favourite', { id: placeId })).status).toBe(200);

  const first = await publish(`Pierwszy koncert ${stamp}`, 1);
  expect((await callFromPage(user, 'POST', '/api/event/add_favourite', { id: first })).status).toBe(200);
  for (let i = 1; i <= edits; i++) await edit(first, `Pierwszy koncert ${stamp}`, `Zmiana numer ${i}.`);
  await publish(`Drugi koncert ${stamp}`, 2);
  await publish(`Trzeci koncert ${stamp}`, 3);
  await user.context().close();
}, 300_000);

afterAll(async () => {
  for (const id of eventIds) await callFromPage(company, 'DELETE', `/api/event/${id}`);
  await companyContext?.close();
});

describe('grouped notifications and the page of all of them', () => {
  for (const width of [360, 1440] as const) {
    for (const locale of ['pl', 'en'] as const) {
      it(`shows a place's new events as one line in the bell and pages them all (${width} px, ${locale})`, async () => {
        const t = texts[locale];
        const page = await attendee(width, locale);
        const errors = watchErrors(page);
        await page.goto('/');
        await hydrated(page);
        expect(await bellCount(page)).toBe(edits + 1);

        // The bell: at most 6, the newest the group of 3 events; the group links to the place.
        const bell = bellOf(page);
        await bell.locator('summary').click();
        const items = bell.locator('ul > li');
        await expect.poll(() => items.count()).toBe(6);
        expect(await items.first().textContent()).toBe(t.group());
        expect(await bell.getByRole('button', { name: t.group() }).count()).toBe(1);
        const box = await bell.locator('summary + div').boundingBox();
        expect(box && box.x >= 0 && box.x + box.width <= width).toBe(true);
        expect(await bell.getByRole('button', { name: t.markAll }).isVisible()).toBe(true);
        expect(await noHorizontalOverflow(page)).toBe(true);

        // "All notifications" opens the page: 20 of 23, newest first, unread ones marked in words.
        await bell.getByRole('link', { name: t.all }).click();
        await page.waitForURL((url) => url.pathname.endsWith('/notifications'));
        await expect.poll(() => page.getByRole('heading', { level: 1, name: t.title }).count()).toBe(1);
        const rows = page.locator('[data-notification]');
        await expect.poll(() => rows.count()).toBe(20);
        expect(await rows.first().getByRole('link').textContent()).toBe(t.group());
        expect(await rows.first().getByRole('link').getAttribute('href')).toMatch(
          new RegExp(`/places/${placeId}$`),
        );
        expect(await rows.first().getByText(t.unread, { exact: true }).isVisible()).toBe(true);
        expect(await rows.first().locator('time').getAttribute('datetime')).toMatch(/^\d{4}-\d\d-\d\dT/);
        expect(await page.getByText(t.unreadCount(edits + 1), { exact: true }).count()).toBe(1);
        expect(await noHorizontalOverflow(page)).toBe(true);

        // Paging: the next page holds the 3 oldest; a page past the end shows the last one.
        const pager = page.getByRole('navigation', { name: t.pages });
        await pager.getByRole('link', { name: t.next }).click();
        await page.waitForURL((url) => url.searchParams.get('page') === '2');
        await expect.poll(() => rows.count()).toBe(3);
        expect(await pager.locator('[aria-current="page"]').textContent()).toBe('2');
        expect(await pager.locator('a[rel="next"]').count()).toBe(0);
        expect(await pager.locator('[aria-disabled="true"]').count()).toBe(1);
        await page.goto('/notifications?page=99');
        await expect.poll(() => rows.count()).toBe(3);
        expect(
          await page
            .getByRole('navigation', { name: t.pages })
            .locator('[aria-current="page"]')
            .textContent(),
        ).toBe('2');
        expect(await noHorizontalOverflow(page)).toBe(true);
        expect(errors).toEqual([]);
        await page.context().close();
      }, 180_000);
    }
  }

  it('the English address of the page is /en/notifications; visitors are sent to sign in, companies home', async () => {
    const page = await attendee(1440, 'pl');
    await page.goto('/en/notifications');
    await expect.poll(() => page.getByRole('heading', { level: 1, name: 'Notifications' }).count()).toBe(1);
    await page.context().close();

    const visitor = await (await browser.context()).newPage();
    await visitor.goto('/notifications?page=2');
    await visitor.waitForURL((url) => url.pathname === '/login');
    expect(new URL(visitor.url()).searchParams.get('next')).toBe('/notifications?page=2');
    await visitor.context().close();

    await company.goto('/notifications');
    await company.waitForURL((url) => url.pathname === '/');
  }, 120_000);

  it('"mark all as read" in the bell empties its count (360 px, pl), and on the page too (1440 px, en)', async () => {
    const phone = await attendee(360, 'pl');
    const phoneErrors = watchErrors(phone);
    await phone.goto('/');
    await hydrated(phone);
    expect(await bellCount(phone)).toBe(edits + 1);
    const bell = bellOf(phone);
    await bell.locator('summary').click();
    await bell.getByRole('button', { name: texts.pl.markAll }).click();
    await expect.poll(() => bellCount(phone)).toBe(0);
    expect(await bell.locator('summary span').count()).toBe(0);
    await phone.reload();
    await hydrated(phone);
    expect(await bellCount(phone)).toBe(0);
    await phone.goto('/notifications');
    await expect.poll(() => phone.getByText(texts.pl.allRead, { exact: true }).count()).toBe(1);
    expect(await phone.locator('[data-notification][data-read="false"]').count()).toBe(0);
    expect(await phone.locator('[data-notification]').count()).toBe(20);
    expect(phoneErrors).toEqual([]);
    await phone.context().close();

    // Two more changes: two unread again; the page's button marks them read, the bell follows.
    await edit(eventIds[0] as number, `Pierwszy koncert ${stamp}`, 'Jeszcze jedna zmiana.');
    await edit(eventIds[0] as number, `Pierwszy koncert ${stamp}`, 'I ostatnia zmiana.');
    const desktop = await attendee(1440, 'en');
    const errors = watchErrors(desktop);
    await desktop.goto('/notifications');
    await hydrated(desktop);
    await expect.poll(() => desktop.getByText(texts.en.unreadCount(2), { exact: true }).count()).toBe(1);
    expect(await desktop.locator('[data-notification][data-read="false"]').count()).toBe(2);
    await desktop.getByRole('button', { name: texts.en.markAll }).click();
    await expect.poll(() => desktop.getByText(texts.en.allRead, { exact: true }).count()).toBe(1);
    expect(await desktop.locator('[data-notification][data-read="false"]').count()).toBe(0);
    await expect.poll(() => bellCount(desktop)).toBe(0);

    // Deleting one takes it off the page.
    const before = await desktop.locator('[data-notification]').first().getAttribute('data-notification');
    await desktop
      .locator('[data-notification]')
      .first()
      .getByRole('button', { name: /^Delete notification: / })
      .click();
    await expect
      .poll(() => desktop.locator('[data-notification]').first().getAttribute('data-notification'))
      .not.toBe(before);
    expect(errors).toEqual([]);
    await desktop.context().close();
  }, 180_000);
});
