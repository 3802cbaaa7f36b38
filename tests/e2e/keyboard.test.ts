import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { hydrated, setupBrowser, signIn, watchErrors } from '../helpers/browser';

// Issue 15, point 5: journeys made with the keyboard alone (after page.goto nothing but page.keyboard:
// Tab, Shift+Tab, Enter, Space, Escape, arrows and typing), focus given back when a dialog closes, and
// carousels that keep still for visitors who asked for reduced motion.

const browser = setupBrowser();

/** What has the focus: its tag, type, accessible-ish name (label, aria-label or text), href and state. */
interface Focused {
  tag: string;
  type: string;
  name: string;
  href: string;
  pressed: string | null;
  invalid: string | null;
  /** The text of what aria-describedby points at (a field's error message). */
  description: string;
}

function focused(page: Page): Promise<Focused> {
  return page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el || el === document.body) {
      return { tag: 'body', type: '', name: '', href: '', pressed: null, invalid: null, description: '' };
    }
    const labels = (el as HTMLInputElement).labels;
    // A rich-text editor's editable area is labelled by aria-labelledby.
    const labelledBy = el.getAttribute('aria-labelledby');
    const name =
      el.getAttribute('aria-label') ??
      (labelledBy
        ? labelledBy
            .split(' ')
            .map((id) => document.getElementById(id)?.textContent ?? '')
            .join(' ')
        : labels?.length
          ? (labels[0]?.textContent ?? '')
          : (el.textContent ?? ''));
    const describedBy = el.getAttribute('aria-describedby');
    return {
      tag: el.tagName.toLowerCase(),
      type: el.getAttribute('type') ?? '',
      name: name
        .replace(/\s+/g, ' ')
        .replace(/\s*\*$/, '')
        .trim(),
      href: el.getAttribute('href') ?? '',
      pressed: el.getAttribute('aria-pressed'),
      invalid: el.getAttribute('aria-invalid'),
      description: describedBy
        ? describedBy
            .split(' ')
            .map((id) => document.getElementById(id)?.textContent ?? '')
            .join(' ')
            .trim()
        : '',
    };
  });
}

/** Presses Tab (Shift+Tab with `back`) until the focus is on what `matches` accepts. */
async function tabTo(
  page: Page,
  matches: (f: Focused) => boolean,
  what: string,
  { back = false, max = 200 } = {},
) {
  for (let i = 0; i < max; i++) {
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
    const f = await focused(page);
    if (matches(f)) return f;
  }
  throw new Error(`${what}: not reached with ${max} presses of ${back ? 'Shift+Tab' : 'Tab'}`);
}

const openDialogs = (page: Page) => page.locator('dialog[open]').count();

describe('keyboard-only journeys', () => {
  it('searches from the home page and opens a result', async () => {
    const context = await browser.context();
    const page = await context.newPage();
    const errors = watchErrors(page);
    await page.goto('/');
    await hydrated(page);
    // The skip link comes first, then the top bar; the search box follows.
    const first = await tabTo(page, () => true, 'anything');
    expect(first.name).toBe('Przejdź do treści');
    await tabTo(page, (f) => f.tag === 'input' && f.type === 'search', 'the search box');
    await page.keyboard.type('Teatr');
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.pathname === '/list' && url.searchParams.get('search') === 'Teatr');
    await hydrated(page);
    const result = await tabTo(page, (f) => /^\/places\/\d+$/.test(f.href), 'a result');
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.pathname === result.href);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toContain('Teatr');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('favourites an event with the keyboard; the state persists after a reload', async () => {
    const context = await browser.context();
    const page = await signIn(context, 'uzytkownik@example.com');
    const eventId = await page.evaluate(async () => {
      const res = await fetch('/api/event?order_by=latest&limit=1');
      return ((await res.json()) as { data: { id: number }[] }).data[0]?.id;
    });
    await page.goto(`/event/${eventId}`);
    await hydrated(page);
    const isToggle = (f: Focused) => f.tag === 'button' && f.name === 'Ulubione' && f.pressed !== null;
    const before = (await tabTo(page, isToggle, 'the favourite toggle')).pressed;
    const after = before === 'true' ? 'false' : 'true';
    await page.keyboard.press('Enter');
    await expect.poll(async () => (await focused(page)).pressed).toBe(after);
    // Saved on the server: a reload shows the new state; Space toggles it back.
    await expect
      .poll(async () => {
        const res = await page.evaluate(async () => (await fetch('/api/event/favourite')).json());
        return JSON.stringify(res).includes(`"id":${eventId},`);
      })
      .toBe(after === 'true');
    await page.reload();
    await hydrated(page);
    expect((await tabTo(page, isToggle, 'the favourite toggle after reload')).pressed).toBe(after);
    await page.keyboard.press('Space');
    await expect.poll(async () => (await focused(page)).pressed).toBe(before);
    await page.reload();
    await hydrated(page);
    expect((await tabTo(page, isToggle, 'the favourite toggle, second reload')).pressed).toBe(before);
    await context.close();
  });

  it('a company creates an event with the keyboard alone, errors shown beside the fields first', async () => {
    const context = await browser.context();
    const page = await signIn(context, 'firma@example.com');
    const errors = watchErrors(page);
    await page.goto('/calendar');
    await hydrated(page);

    // Submitting the empty form: focus goes to the first invalid field, whose error it is described by.
    await tabTo(page, (f) => f.tag === 'button' && f.name === 'Dodaj wydarzenie', 'the submit button');
    await page.keyboard.press('Enter');
    await expect.poll(async () => (await focused(page)).invalid).toBe('true');
    const firstInvalid = await focused(page);
    expect(firstInvalid.name).toBe('Nazwa wydarzenia');
    expect(firstInvalid.description.length).toBeGreaterThan(0);
    const errorBeside = await page.evaluate(() => {
      const field = document.activeElement as HTMLElement;
      const error = document.getElementById(field.getAttribute('aria-describedby') ?? '');
      return !!error && field.parentElement === error.parentElement;
    });
    expect(errorBeside).toBe(true);

    // Every field, in the order Tab reaches them; selects by typing or the arrow keys.
    const name = `Wieczór z klawiatury ${Date.now()}`;
    const steps: [string, (f: Focused) => Promise<void>][] = [
      ['Nazwa wydarzenia', () => page.keyboard.type(name)],
      ['Opis', () => page.keyboard.type('Muzyka kameralna, bez myszy.')],
      ['Kategoria', () => page.keyboard.type('Koncerty')],
      ['Miejsce', () => page.keyboard.press('ArrowDown')],
      // The browser's own date and time inputs, typed segment by segment: a day equal to the month and
      // a morning time ("A" picks AM where the browser shows a 12-hour clock) read the same whatever
      // order and clock its language uses.
      ['Data rozpoczęcia', () => page.keyboard.type('03032027')],
      ['Godzina rozpoczęcia', () => page.keyboard.type('0930A')],
      ['Data zakończenia', () => page.keyboard.type('03032027')],
      ['Godzina zakończenia', () => page.keyboard.type('1130A')],
      ['Cena od (zł)', () => page.keyboard.type('40')],
      ['Cena do (zł)', () => page.keyboard.type('90')],
      ['Liczba wolnych miejsc', () => page.keyboard.type('120')],
      ['Link do zakupu biletów', () => page.keyboard.type('bilety.example.com/klawiatura')],
    ];
    // The name field has the focus already.
    let current: Focused = firstInvalid;
    for (const [label, act] of steps) {
      if (current.name !== label) {
        current = await tabTo(page, (f) => f.name === label, label, { max: 40 });
      }
      await act(current);
    }
    // Choosing the place filled its address in.
    const form = page.getByRole('form', { name: 'Nowe wydarzenie' });
    expect(await form.getByLabel('Miejscowość').inputValue()).not.toBe('');
    expect(await form.getByLabel('Kategoria').inputValue()).not.toBe('');
    await tabTo(page, (f) => f.tag === 'button' && f.name === 'Dodaj wydarzenie', 'the submit button', {
      max: 40,
    });
    await page.keyboard.press('Enter');
    // The new event's page; a failure names the fields left invalid and their errors.
    const invalid = () =>
      page.evaluate(() =>
        [...document.querySelectorAll('form [aria-invalid="true"]')].map(
          (f) =>
            `${f.getAttribute('name')}="${(f as HTMLInputElement).value}": ${document.getElementById(f.getAttribute('aria-describedby') ?? '')?.textContent}`,
        ),
      );
    await page.waitForURL(/\/event\/\d+$/, { timeout: 20_000 }).catch(async (error: Error) => {
      throw new Error(`still on the form, invalid: ${JSON.stringify(await invalid())}`, { cause: error });
    });
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(name);
    expect(await page.getByText('03.03.2027 09:30').count()).toBeGreaterThan(0);
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('focus comes back to what opened a dialog', () => {
  it('the place page’s comments dialog: Escape, the close button and the backdrop', async () => {
    const context = await browser.context();
    const page = await context.newPage();
    await page.goto('/list');
    const href = await page.locator('main a[href^="/places/"]').first().getAttribute('href');
    await page.goto(href ?? '/');
    await hydrated(page);
    const isTrigger = (f: Focused) => f.tag === 'button' && /\d+ opini/.test(f.name);
    const trigger = await tabTo(page, isTrigger, 'the comments button');

    await page.keyboard.press('Enter');
    await expect.poll(() => openDialogs(page)).toBe(1);
    expect(await page.evaluate(() => !!document.activeElement?.closest('dialog[open]'))).toBe(true);
    await page.keyboard.press('Escape');
    await expect.poll(() => openDialogs(page)).toBe(0);
    expect(await focused(page)).toEqual(trigger);

    await page.keyboard.press('Space');
    await expect.poll(() => openDialogs(page)).toBe(1);
    await tabTo(page, (f) => f.name === 'Zamknij', 'the close button', { max: 60 });
    await page.keyboard.press('Enter');
    await expect.poll(() => openDialogs(page)).toBe(0);
    expect(await focused(page)).toEqual(trigger);

    await page.keyboard.press('Enter');
    await expect.poll(() => openDialogs(page)).toBe(1);
    await page.mouse.click(3, 3);
    await expect.poll(() => openDialogs(page)).toBe(0);
    expect(await focused(page)).toEqual(trigger);
    await context.close();
  });

  it('the filter drawer on /list at 360 px: Escape, the close button and the backdrop', async () => {
    const context = await browser.context({ viewport: { width: 360, height: 740 }, isMobile: true });
    const page = await context.newPage();
    await page.goto('/list');
    await hydrated(page);
    const trigger = await tabTo(page, (f) => f.tag === 'button' && f.name === 'Filtry', 'the filters button');

    await page.keyboard.press('Enter');
    await expect.poll(() => openDialogs(page)).toBe(1);
    await page.keyboard.press('Escape');
    await expect.poll(() => openDialogs(page)).toBe(0);
    expect(await focused(page)).toEqual(trigger);

    await page.keyboard.press('Enter');
    await expect.poll(() => openDialogs(page)).toBe(1);
    await tabTo(page, (f) => f.name === 'Zamknij filtry', 'the close button', { back: true, max: 60 });
    await page.keyboard.press('Enter');
    await expect.poll(() => openDialogs(page)).toBe(0);
    expect(await focused(page)).toEqual(trigger);

    await page.keyboard.press('Enter');
    await expect.poll(() => openDialogs(page)).toBe(1);
    // The drawer is 320 px wide on the left; the backdrop shows on its right.
    await page.mouse.click(352, 400);
    await expect.poll(() => openDialogs(page)).toBe(0);
    expect(await focused(page)).toEqual(trigger);
    await context.close();
  });

  it('the account menu: Escape closes it and the focus is back on its button', async () => {
    const context = await browser.context();
    const page = await signIn(context, 'uzytkownik@example.com');
    await hydrated(page);
    const summary = await tabTo(
      page,
      (f) => f.tag === 'summary' && f.name.includes('Anna'),
      'the account menu',
    );
    await page.keyboard.press('Enter');
    await expect.poll(() => page.locator('header details[open]').count()).toBe(1);
    await tabTo(page, (f) => f.name === 'Ustawienia', 'a menu item', { max: 5 });
    await page.keyboard.press('Escape');
    await expect.poll(() => page.locator('header details[open]').count()).toBe(0);
    expect(await focused(page)).toEqual(summary);
    await context.close();
  });
});

describe('carousels and reduced motion', () => {
  /** Where the home page's promoted carousel is scrolled to, sampled for `ms`. */
  async function promotedPositions(page: Page, ms: number) {
    const track = page.locator('section[aria-roledescription="carousel"]').first().locator('[aria-live]');
    const positions: number[] = [];
    const end = Date.now() + ms;
    while (Date.now() < end) {
      positions.push(await track.evaluate((el) => el.scrollLeft));
      await page.waitForTimeout(250);
    }
    return positions;
  }

  it('turns by itself normally, and stays still under prefers-reduced-motion: reduce', async () => {
    const moving = await browser.context({ viewport: { width: 1280, height: 900 } });
    const page = await moving.newPage();
    await page.goto('/');
    await hydrated(page);
    // Autoplay turns every 5 s: within 7 s the track has moved.
    expect(Math.max(...(await promotedPositions(page, 7_000)))).toBeGreaterThan(0);
    await moving.close();

    const still = await browser.context({ viewport: { width: 1280, height: 900 }, reducedMotion: 'reduce' });
    const quiet = await still.newPage();
    await quiet.goto('/');
    await hydrated(quiet);
    expect(Math.max(...(await promotedPositions(quiet, 7_000)))).toBe(0);
    // The visible control offers to start it, rather than to pause it.
    const carousel = quiet.locator('section[aria-roledescription="carousel"]').first();
    expect(await carousel.getByRole('button', { name: 'Włącz automatyczne przewijanie' }).count()).toBe(1);
    await still.close();
  }, 40_000);
});
