import type { Locator, Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { setupBrowser, watchErrors } from '../helpers/browser';
import { png } from '../helpers/forms';
import { waitForMailLink } from '../helpers/outbox';

// Issue 29 item 6: the organiser's sign-up was one 6,542 px page at 360 px with 28 errors on an empty
// submit. Now it comes in four steps (account, place, hours, extras) with progress, each checked before
// the next, Back keeps what was typed (and the files chosen), and the home-page ad comes last.

const browser = setupBrowser();
const dataDir = () => inject('serverDataDir');
const stamp = Date.now();
const widths = [360, 1440] as const;
const viewport = (width: number) => ({ width, height: width < 640 ? 740 : 900 });

const texts = {
  pl: {
    tab: 'Organizator',
    form: 'Rejestracja organizatora',
    companyName: 'Nazwa organizatora',
    email: 'E-mail do logowania',
    password: 'Hasło (min. 8 znaków)',
    repeat: 'Powtórz hasło',
    placeName: 'Nazwa miejsca',
    description: 'Opis',
    city: 'Miejscowość',
    street: 'Ulica i numer',
    postcode: 'Kod pocztowy',
    phone: /^Numer telefonu/,
    category: 'Koncerty',
    from: 'Od',
    to: 'Do',
    closed: 'Zamknięte',
    wholeDay: 'Całą dobę',
    next: 'Dalej',
    back: 'Wstecz',
    submit: 'Załóż konto organizatora',
    step: (n: number, name: string) => `Krok ${n} z 4: ${name}`,
    steps: ['Konto', 'Miejsce', 'Godziny', 'Dodatki'],
    homeAd: /Chcę wykupić reklamę na stronie głównej/,
    commonPassword: 'To hasło jest jednym z najczęściej używanych',
    registered: /Sprawdź skrzynkę/,
  },
  en: {
    tab: 'Organiser',
    form: 'Organiser registration',
    companyName: 'Organiser name',
    email: 'Login e-mail',
    password: 'Password (at least 8 characters)',
    repeat: 'Repeat password',
    placeName: 'Place name',
    description: 'Description',
    city: 'City',
    street: 'Street and number',
    postcode: 'Postcode',
    phone: /^Phone number/,
    category: 'Concerts',
    from: 'From',
    to: 'To',
    closed: 'Closed',
    wholeDay: 'Open 24 hours',
    next: 'Next',
    back: 'Back',
    submit: 'Create organiser account',
    step: (n: number, name: string) => `Step ${n} of 4: ${name}`,
    steps: ['Account', 'Place', 'Hours', 'Extras'],
    homeAd: /I want to buy an ad on the home page/,
    commonPassword: 'This password is one of the most common ones',
    registered: /Check your e-mail/,
  },
};
type Texts = (typeof texts)[keyof typeof texts];

/** The step the form shows: its heading, and the list item marked current. */
async function expectStep(form: Locator, t: Texts, n: number) {
  const name = t.steps[n - 1] ?? '';
  await expect.poll(() => form.getByRole('heading', { level: 2 }).textContent()).toBe(t.step(n, name));
  expect(await form.locator('li[aria-current="step"]').textContent()).toContain(name);
  expect(await form.locator('li[aria-current="step"]').count()).toBe(1);
}

/** The invalid fields the user can see (hidden steps' fields are not counted). */
const visibleInvalid = (form: Locator) => form.locator('[aria-invalid="true"]:visible');
/** The error messages under the fields the user can see. */
const visibleMessages = (form: Locator) => form.locator('[id$="-error"]:visible');

const focusedName = (page: Page) =>
  page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.name ?? '');

async function openForm(page: Page, t: Texts) {
  await page.goto('/register#organiser');
  await expect.poll(() => page.getByRole('tab', { name: t.tab }).getAttribute('aria-selected')).toBe('true');
  return page.getByRole('form', { name: t.form });
}

async function fillAccount(form: Locator, t: Texts, email: string, password: string) {
  await form.getByLabel(t.companyName).fill(`Filharmonia ${email}`);
  await form.getByLabel(t.email).fill(email);
  await form.getByLabel(t.password).fill(password);
  await form.getByLabel(t.repeat).fill(password);
}

async function fillPlace(form: Locator, t: Texts) {
  await form.getByLabel(t.placeName).fill('Sala nad Motławą');
  await form.getByLabel(t.city).fill('Gdańsk');
  await form.getByLabel(t.street).fill('Długa 1');
  await form.getByLabel(t.postcode).fill('80-831');
  await form.getByLabel(t.phone).first().fill('+48 58 123 45 67');
  // The description is a textarea until the editor loads, then the editor's text box (issue 31).
  await form.getByLabel(t.description, { exact: true }).fill('Koncerty kameralne w każdy piątek.');
  await form.getByRole('checkbox', { name: t.category }).check();
  await form
    .getByLabel('Logo', { exact: true })
    .setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: await png(200, 200, '#553399') });
}

async function fillHours(form: Locator, t: Texts) {
  for (const day of [1, 2, 3, 4, 5]) {
    const row = form.locator(`[data-day="${day}"]`);
    await row.getByLabel(t.from, { exact: true }).fill('10:00');
    await row.getByLabel(t.to, { exact: true }).fill('18:00');
  }
  await form.locator('[data-day="6"]').getByLabel(t.wholeDay).check();
  await form.locator('[data-day="7"]').getByLabel(t.closed).check();
}

const logoFiles = (form: Locator) =>
  form
    .locator('input[type="file"][name="logo"]')
    .evaluate((input) => (input as HTMLInputElement).files?.length ?? 0);

describe('the organiser sign-up in steps (issue 29)', () => {
  for (const width of widths) {
    for (const locale of ['pl', 'en'] as const) {
      it(`walks account, place, hours and extras at ${width} px in ${locale}, then signs up`, async () => {
        const t = texts[locale];
        const email = `kroki.${width}.${locale}.${stamp}@example.com`;
        const context = await browser.context({ viewport: viewport(width), isMobile: width < 640 });
        await context.addCookies([{ name: 'locale', value: locale, url: browser.baseUrl() }]);
        const page = await context.newPage();
        const errors = watchErrors(page);
        const form = await openForm(page, t);

        // Step 1: short, and the home-page ad is nowhere yet.
        await expectStep(form, t, 1);
        const height = (await form.boundingBox())?.height ?? Number.POSITIVE_INFINITY;
        expect(height, 'the first step is far below the old 6,542 px').toBeLessThan(
          width < 640 ? 1400 : 1000,
        );
        expect(await page.evaluate(() => document.documentElement.scrollHeight)).toBeLessThan(2000);
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
        expect(await form.getByRole('checkbox', { name: t.homeAd }).count()).toBe(0);

        // An empty "Next" shows this step's errors only, stays, and focuses the first invalid field.
        await form.getByRole('button', { name: t.next }).click();
        await expect.poll(() => visibleInvalid(form).count()).toBeGreaterThan(0);
        const shown = await visibleInvalid(form).count();
        expect(shown).toBeLessThan(10);
        expect(await visibleMessages(form).count()).toBe(shown);
        expect(await form.locator('[aria-invalid="true"]').count(), 'no errors of later steps').toBe(shown);
        await expectStep(form, t, 1);
        await expect.poll(() => focusedName(page)).toBe('company_name');

        // Enter in a field moves on, like "Next"; the new step's heading takes the focus.
        await fillAccount(form, t, email, 'tajnehaslo1');
        await form.getByLabel(t.repeat).press('Enter');
        await expectStep(form, t, 2);
        await expect.poll(() => page.evaluate(() => document.activeElement?.tagName)).toBe('H2');
        expect(await visibleInvalid(form).count()).toBe(0);

        // Back keeps what was typed.
        await form.getByRole('button', { name: t.back }).click();
        await expectStep(form, t, 1);
        expect(await form.getByLabel(t.companyName).inputValue()).toBe(`Filharmonia ${email}`);
        expect(await form.getByLabel(t.email).inputValue()).toBe(email);
        expect(await form.getByLabel(t.password).inputValue()).toBe('tajnehaslo1');
        await form.getByRole('button', { name: t.next }).click();
        await expectStep(form, t, 2);

        // Step 2: its own errors on an empty "Next", then the place with a logo.
        await form.getByRole('button', { name: t.next }).click();
        await expect.poll(() => visibleMessages(form).count()).toBeGreaterThan(0);
        // Name, city, street, postcode, phone, description and categories; nothing of the later steps.
        expect(await visibleMessages(form).count()).toBe(7);
        expect(await form.locator('[id$="-error"]').count()).toBe(7);
        await expectStep(form, t, 2);
        await fillPlace(form, t);
        expect(await form.getByRole('checkbox', { name: t.homeAd }).count()).toBe(0);
        await form.getByRole('button', { name: t.next }).click();
        await expectStep(form, t, 3);

        // Step 3: the opening hours.
        expect(await form.getByRole('checkbox', { name: t.homeAd }).count()).toBe(0);
        await form.getByRole('button', { name: t.next }).click();
        await expect.poll(() => visibleInvalid(form).count()).toBeGreaterThan(0);
        await expectStep(form, t, 3);
        await fillHours(form, t);
        await form.getByRole('button', { name: t.next }).click();
        await expectStep(form, t, 4);

        // Step 4: the home-page ad is here, last. Back to the place: the text and the logo are kept.
        expect(await form.getByRole('checkbox', { name: t.homeAd }).count()).toBe(1);
        await form.getByRole('button', { name: t.back }).click();
        await form.getByRole('button', { name: t.back }).click();
        await expectStep(form, t, 2);
        expect(await form.getByLabel(t.placeName).inputValue()).toBe('Sala nad Motławą');
        expect(await form.getByRole('checkbox', { name: t.category }).isChecked()).toBe(true);
        expect(await logoFiles(form)).toBe(1);
        await form.getByRole('button', { name: t.next }).click();
        await expectStep(form, t, 3);
        expect(await form.locator('[data-day="6"]').getByLabel(t.wholeDay).isChecked()).toBe(true);
        await form.getByRole('button', { name: t.next }).click();
        await expectStep(form, t, 4);
        await form.getByRole('checkbox', { name: t.homeAd }).check();
        expect(await form.getByRole('button', { name: t.next }).count()).toBe(0);

        await form.getByRole('button', { name: t.submit }).click();
        await expect.poll(() => page.getByText(t.registered).count()).toBeGreaterThan(0);
        const link = await waitForMailLink(dataDir(), email, /https?:\/\/\S+\/user\/verify\/[\w-]+/);
        expect(link).toMatch(/\/user\/verify\//);
        expect(errors).toEqual([]);
        await context.close();
      }, 240_000);
    }
  }

  it('takes the user back to the step of a field the API refuses (a common password)', async () => {
    const t = texts.pl;
    const email = `kroki.haslo.${stamp}@example.com`;
    const context = await browser.context({ viewport: viewport(1440) });
    const page = await context.newPage();
    const errors = watchErrors(page, [/^\/api\/company$/]);
    const form = await openForm(page, t);

    // Long enough for the shared schema; only the server knows the list of common passwords.
    await fillAccount(form, t, email, 'password1');
    await form.getByRole('button', { name: t.next }).click();
    await expectStep(form, t, 2);
    await fillPlace(form, t);
    await form.getByRole('button', { name: t.next }).click();
    await expectStep(form, t, 3);
    await fillHours(form, t);
    await form.getByRole('button', { name: t.next }).click();
    await expectStep(form, t, 4);
    await form.getByRole('button', { name: t.submit }).click();

    await expectStep(form, t, 1);
    await expect.poll(() => form.getByText(t.commonPassword).isVisible()).toBe(true);
    expect(await form.getByLabel(t.password).getAttribute('aria-invalid')).toBe('true');
    await expect.poll(() => focusedName(page)).toBe('password');

    await form.getByLabel(t.password).fill('tajnehaslo1');
    await form.getByLabel(t.repeat).fill('tajnehaslo1');
    for (const n of [2, 3, 4]) {
      await form.getByRole('button', { name: t.next }).click();
      await expectStep(form, t, n);
    }
    await form.getByRole('button', { name: t.submit }).click();
    await expect.poll(() => page.getByText(t.registered).count()).toBeGreaterThan(0);
    await waitForMailLink(dataDir(), email, /https?:\/\/\S+\/user\/verify\/[\w-]+/);
    expect(errors).toEqual([]);
    await context.close();
  }, 240_000);
});
