import type { BrowserContext, Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { expectNoAxeViolations } from '../helpers/axe';
import {
  callFromPage,
  elementHydrated,
  hydrated,
  setupBrowser,
  signIn,
  watchErrors,
} from '../helpers/browser';
import { contrastOf } from '../helpers/contrast';
import { waitForMailLink } from '../helpers/outbox';
import { frameRecords } from '../helpers/page-frame';

// Issue 29, what a new user trips over: pressed toggles that must stay readable (1), toasts that cover
// nothing and go away on demand (3), a missing rating that is not a bad one and a logo placeholder (5),
// and the sign-in page after the confirmation link (8). Each at 360 and 1440 px.

const browser = setupBrowser();
const widths = [360, 1440] as const;
const viewport = (width: number) => ({ width, height: width < 640 ? 740 : 900 });
const stamp = Date.now();
let records = { event: 0, place: 0 };

beforeAll(async () => {
  records = await frameRecords(browser.baseUrl());
});

/** A context signed in as the demo user (through the Polish login page), then in `locale`. */
async function userPage(width: number, locale: 'pl' | 'en' = 'pl', email = 'uzytkownik@example.com') {
  const context = await browser.context({ viewport: viewport(width) });
  const page = await signIn(context, email);
  if (locale === 'en') await setLocale(context, 'en');
  return page;
}

async function setLocale(context: BrowserContext, locale: 'pl' | 'en') {
  await context.addCookies([{ name: 'locale', value: locale, url: browser.baseUrl() }]);
}

/**
 * Presses the toggle (un-pressing it first when it already is), checks the pressed state's contrast
 * at rest and under the pointer, then puts the toggle back as it was.
 */
async function expectReadableWhenPressed(page: Page, toggle: Locator, label: string) {
  await toggle.scrollIntoViewIfNeeded();
  // A toggle in a part of the page that hydrates after the rest (the sign-up form's password) would take
  // a click before its handler and stay unpressed.
  await elementHydrated(toggle);
  const initial = await toggle.getAttribute('aria-pressed');
  const press = async (to: 'true' | 'false') => {
    await toggle.click();
    await expect.poll(() => toggle.getAttribute('aria-pressed'), { message: label }).toBe(to);
    await expect.poll(() => toggle.getAttribute('aria-busy'), { message: label }).not.toBe('true');
  };
  if (initial === 'true') await press('false');
  await press('true');
  // Under the pointer (it has just been clicked), then at rest; polled: the colours fade in.
  for (const state of ['hovered', 'at rest']) {
    if (state === 'at rest') await page.mouse.move(0, 0);
    await expect
      .poll(
        async () => {
          const c = await contrastOf(toggle);
          return Math.min(c.text, c.icon) >= 4.5 ? 'readable' : `${c.text.toFixed(2)}:1 (${c.colours})`;
        },
        { message: `${label}, pressed, ${state}` },
      )
      .toBe('readable');
  }
  if (initial !== 'true') await press('false');
}

describe('pressed toggles (issue 29 point 1)', () => {
  for (const width of widths) {
    it(`keep a contrast of at least 4.5:1 at ${width} px`, async () => {
      const page = await userPage(width);
      const errors = watchErrors(page);
      await page.goto(`/event/${records.event}`);
      await hydrated(page);
      await expectReadableWhenPressed(
        page,
        page.getByRole('button', { name: 'Ulubione', exact: true }),
        `event favourite at ${width}`,
      );
      await expectReadableWhenPressed(
        page,
        page.getByRole('button', { name: 'Mój kalendarz', exact: true }),
        `event calendar at ${width}`,
      );

      await page.goto(`/places/${records.place}`);
      await hydrated(page);
      await expectReadableWhenPressed(
        page,
        page.getByRole('button', { name: 'Ulubione', exact: true }),
        `place favourite at ${width}`,
      );

      // The password's "show" toggle, on a visitor's registration form.
      const visitor = await (await browser.context({ viewport: viewport(width) })).newPage();
      await visitor.goto('/register');
      await hydrated(visitor);
      await expectReadableWhenPressed(
        visitor,
        // Its name changes with its state (show / hide): found by its place instead (in the page's main
        // part: the search bar's date chips are toggles too, issue 30).
        visitor.locator('main button[aria-pressed]').first(),
        `password toggle at ${width}`,
      );
      expect(errors).toEqual([]);
      await visitor.context().close();
      await page.context().close();
    }, 120_000);
  }
});

/** Whether two boxes share any area. */
const overlap = (
  a: { x: number; y: number; width: number; height: number },
  b: { x: number; y: number; width: number; height: number },
) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

describe('toasts (issue 29 point 3)', () => {
  const texts = {
    pl: { form: 'Twoje dane', save: 'Zapisz zmiany', close: 'Zamknij' },
    en: { form: 'Your details', save: 'Save changes', close: 'Close' },
  };
  for (const width of widths) {
    for (const locale of ['pl', 'en'] as const) {
      it(`cover nothing of the top bar and go on Escape or the close button, at ${width} px in ${locale}`, async () => {
        const page = await userPage(width, locale);
        const errors = watchErrors(page);
        const t = texts[locale];
        await page.goto('/profile');
        await hydrated(page);
        const toasts = page.locator('[data-toast]');
        // Saving the profile unchanged is the action here; any toast sits in the same place.
        const raise = async () => {
          await page.getByRole('form', { name: t.form }).getByRole('button', { name: t.save }).click();
          await expect.poll(() => toasts.count()).toBe(1);
          // Its markup may arrive a moment after the toast itself (ui/toast-item.tsx loads by import()).
          await expect.poll(() => toasts.first().isVisible()).toBe(true);
        };

        await raise();
        const toast = toasts.first();
        // Announced: it sits in a polite live region.
        const region = page.locator('section[aria-live="polite"]').filter({ has: toast });
        expect(await region.count()).toBe(1);
        const header = await page.locator('header').first().boundingBox();
        // Measured once laid out: the markup that arrives by import() replaces the toast's first frame.
        const measured: Awaited<ReturnType<typeof toast.boundingBox>>[] = [];
        await expect
          .poll(async () => {
            measured[0] = await toast.boundingBox();
            return measured[0] !== null;
          })
          .toBe(true);
        const box = measured[0] ?? null;
        expect(header && box).toBeTruthy();
        if (header && box) {
          expect(
            overlap(header, box),
            `toast ${JSON.stringify(box)} over the header ${JSON.stringify(header)}`,
          ).toBe(false);
          expect(box.y + box.height).toBeLessThanOrEqual(viewport(width).height);
        }
        await expectNoAxeViolations(page, {
          include: 'section[aria-live]',
          label: `toast ${width} ${locale}`,
        });

        await page.keyboard.press('Escape');
        await expect.poll(() => toasts.count(), { message: 'Escape dismisses' }).toBe(0);

        await raise();
        await toasts.first().getByRole('button', { name: t.close }).click();
        await expect.poll(() => toasts.count(), { message: 'the close button dismisses' }).toBe(0);
        expect(errors).toEqual([]);
        await page.context().close();
      }, 90_000);
    }
  }
});

describe('a place nobody has rated yet, without a logo (issue 29 point 5)', () => {
  it('says "no ratings" instead of 0.0 and shows its initials, on its page, its card and its events', async () => {
    const company = await signIn(await browser.context(), 'firma@example.com');
    const name = `Galeria Świeża ${stamp}`;
    const created = await callFromPage(company, 'POST', '/api/place', {
      form: {
        name,
        city: 'Gdańsk',
        street: 'Długi Targ 2',
        postcode: '80-828',
        phone: '+48 58 111 22 44',
        description: '<p>Nowe miejsce, jeszcze bez ocen.</p>',
        'categories[]': '2',
        ...Object.fromEntries([1, 2, 3, 4, 5, 6, 7].map((d) => [`place_hours_closed[${d}]`, '1'])),
      },
    });
    expect(created.status, JSON.stringify(created.json)).toBe(201);
    const placeId = (created.json as { data: { id: number } }).data.id;
    const event = await callFromPage(company, 'POST', '/api/event', {
      form: {
        category_id: '1',
        place_id: String(placeId),
        name: `Wernisaż ${stamp}`,
        description: '<p>Otwarcie.</p>',
        price_min: '0',
        price_max: '0',
        spots_left: '50',
        start_date: '2027-05-15',
        start_date_h: '18:00',
        end_date: '2027-05-15',
        end_date_h: '21:00',
      },
    });
    expect(event.status, JSON.stringify(event.json)).toBe(201);
    const eventId = (event.json as { data: { id: number } }).data.id;

    try {
      const noRatings = { pl: 'Brak ocen', en: 'No ratings yet' };
      for (const width of widths) {
        for (const locale of ['pl', 'en'] as const) {
          const where = `${width} px, ${locale}`;
          const context = await browser.context({ viewport: viewport(width) });
          await setLocale(context, locale);
          const page = await context.newPage();
          const errors = watchErrors(page);

          await page.goto(`/places/${placeId}`);
          const main = page.locator('main');
          // The header's summary, and the cards of unrated places nearby if any.
          await expect
            .poll(() => main.getByText(noRatings[locale], { exact: true }).count(), { message: where })
            .toBeGreaterThan(0);
          expect(await main.getByText(noRatings[locale], { exact: true }).first().isVisible(), where).toBe(
            true,
          );
          expect(await main.getByText(/\b0[.,]0\b/).count(), `${where}: no 0.0`).toBe(0);
          expect(await main.getByRole('img', { name: /z 5|out of 5/ }).count(), `${where}: no stars`).toBe(0);
          const initials = main.locator('[data-initials]').first();
          expect(await initials.textContent(), where).toBe('GŚ');
          expect(await initials.getAttribute('aria-hidden'), where).toBe('true');
          expect(await initials.isVisible(), where).toBe(true);
          await expectNoAxeViolations(page, { label: `place page ${where}` });

          await page.goto(`/event/${eventId}`);
          const organiser = page.locator('section[aria-labelledby="event-organiser"]');
          await expect
            .poll(() => organiser.getByText(noRatings[locale], { exact: true }).count(), { message: where })
            .toBe(1);
          expect(await organiser.getByText(/\b0[.,]0\b/).count(), `${where}: no 0.0`).toBe(0);
          expect(await organiser.locator('[data-initials]').textContent(), where).toBe('GŚ');

          await page.goto(`/list?search=${encodeURIComponent(name)}#places`);
          const card = page.locator('article').filter({ has: page.locator(`a[href$="/places/${placeId}"]`) });
          await expect.poll(() => card.count(), { message: `${where}: the place's card` }).toBeGreaterThan(0);
          expect(await card.first().getByText(noRatings[locale], { exact: true }).count(), where).toBe(1);
          expect(
            await card
              .first()
              .getByText(/0\.0 \/ 5/)
              .count(),
            where,
          ).toBe(0);
          expect(await card.first().locator('[data-initials]').textContent(), where).toBe('GŚ');
          expect(errors, where).toEqual([]);
          await context.close();
        }
      }
    } finally {
      await callFromPage(company, 'DELETE', `/api/event/${eventId}`);
      await callFromPage(company, 'DELETE', `/api/place/${placeId}`);
      await company.context().close();
    }
  }, 240_000);
});

describe('the sign-in page after the confirmation link (issue 29 point 8)', () => {
  const cases = [
    { width: 360, locale: 'pl', link: '/user/verify/', message: 'Konto potwierdzone, zaloguj się.' },
    { width: 1440, locale: 'en', link: '/confirm/', message: 'Account confirmed, please sign in.' },
    { width: 1440, locale: 'pl', link: '/confirm/', message: 'Konto potwierdzone, zaloguj się.' },
    { width: 360, locale: 'en', link: '/user/verify/', message: 'Account confirmed, please sign in.' },
  ] as const;
  for (const { width, locale, link, message } of cases) {
    it(`says the account is confirmed (${link}, ${width} px, ${locale})`, async () => {
      const email = `nowy.${locale}.${width}.${stamp}@example.com`;
      const context = await browser.context({ viewport: viewport(width) });
      await setLocale(context, locale);
      const page = await context.newPage();
      const errors = watchErrors(page);
      await page.goto('/');
      const registered = await callFromPage(page, 'POST', '/api/user', {
        first_name: 'Ola',
        last_name: 'Nowicka',
        email,
        city: 'Kraków',
        password: 'tajnehaslo1',
        password_confirmation: 'tajnehaslo1',
      });
      expect(registered.status, JSON.stringify(registered.json)).toBe(201);
      const mailed = await waitForMailLink(inject('serverDataDir'), email, /\/user\/verify\/[\w-]+/);
      const token = mailed.split('/').pop() ?? '';

      await page.goto(`${link}${token}`);
      // The sign-in page in the visitor's language: an English visitor's under /en (issue 31).
      const login = locale === 'en' ? '/en/login' : '/login';
      await page.waitForURL((url) => url.pathname === login && url.searchParams.get('confirmed') === '1', {
        timeout: 15_000,
      });
      const status = page.getByRole('status').filter({ hasText: message });
      await expect.poll(() => status.count()).toBe(1);
      expect(await status.isVisible()).toBe(true);
      await expectNoAxeViolations(page, { label: `login after confirming, ${width} ${locale}` });

      // A bare /login says nothing of the kind.
      await page.goto('/login');
      await hydrated(page);
      expect(await page.getByText(message).count()).toBe(0);
      expect(errors).toEqual([]);
      await context.close();
    }, 60_000);
  }
});
