import { describe, expect, inject, it } from 'vitest';
import { setupBrowser, watchErrors } from '../helpers/browser';
import { waitForMailLink } from '../helpers/outbox';

const browser = setupBrowser();
const dataDir = () => inject('serverDataDir');
const stamp = Date.now();

describe('a user account through the pages', () => {
  it('registers, confirms from the outbox, signs in, edits the profile, signs out and resets the password', async () => {
    const email = `anna.${stamp}@example.com`;
    const context = await browser.context();
    const page = await context.newPage();
    const errors = watchErrors(page, [/^\/api\/session$/]);

    await page.goto('/register');
    await expect
      .poll(() => page.getByRole('tab', { name: 'Użytkownik' }).getAttribute('aria-selected'))
      .toBe('true');
    const form = page.getByRole('form', { name: 'Rejestracja użytkownika' });
    // The shared schema refuses a short password before anything is sent.
    await form.getByLabel('Imię').fill('Anna');
    await form.getByLabel('Nazwisko').fill('Kowalska');
    await form.getByLabel('E-mail').fill(email);
    await form.getByLabel('Miasto').fill('Kraków');
    await form.getByLabel('Hasło (min. 8 znaków)').fill('krotkie');
    await form.getByLabel('Powtórz hasło').fill('krotkie');
    await form.getByRole('button', { name: 'Załóż konto' }).click();
    await expect.poll(() => form.getByText('Wpisz co najmniej 8 znaków.').count()).toBeGreaterThan(0);
    expect(await form.getByLabel('Hasło (min. 8 znaków)').getAttribute('aria-invalid')).toBe('true');

    await form.getByLabel('Hasło (min. 8 znaków)').fill('tajnehaslo1');
    await form.getByLabel('Powtórz hasło').fill('tajnehaslo1');
    await form.getByRole('button', { name: 'Załóż konto' }).click();
    await expect.poll(() => page.getByText(/Sprawdź skrzynkę/).count()).toBeGreaterThan(0);
    await page.waitForURL(/\/login$/, { timeout: 10_000 });

    // Before confirming, signing in is refused and the resend link is offered.
    await page.getByLabel('E-mail').fill(email);
    await page.getByLabel('Hasło', { exact: true }).fill('tajnehaslo1');
    await page.getByRole('button', { name: 'Zaloguj się', exact: true }).click();
    await expect
      .poll(() => page.getByRole('button', { name: 'Wyślij ponownie link potwierdzający' }).count())
      .toBe(1);

    const verify = await waitForMailLink(dataDir(), email, /https?:\/\/\S+\/user\/verify\/[\w-]+/);
    await page.goto(new URL(verify).pathname);
    await expect.poll(() => page.getByText(/został potwierdzony/).count()).toBeGreaterThan(0);
    await page.waitForURL(/\/login\?confirmed=1$/, { timeout: 10_000 });

    // A wrong password outlines the inputs in red.
    await page.getByLabel('E-mail').fill(email);
    await page.getByLabel('Hasło', { exact: true }).fill('zlehaslo99');
    await page.getByRole('button', { name: 'Zaloguj się', exact: true }).click();
    await expect.poll(() => page.getByLabel('E-mail').getAttribute('aria-invalid')).toBe('true');

    await page.getByLabel('Hasło', { exact: true }).fill('tajnehaslo1');
    await page.getByLabel('Zapamiętaj mnie').check();
    await page.getByRole('button', { name: 'Zaloguj się', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await expect.poll(() => page.locator('header').getByText('Anna Kowalska').count()).toBe(1);
    const cookies = await context.cookies();
    expect(cookies.find((c) => c.name === 'token')?.httpOnly).toBe(true);

    // Signed in, /login and /register send the user home.
    await page.goto('/login');
    expect(new URL(page.url()).pathname).toBe('/');

    await page.goto('/profile');
    const profile = page.getByRole('form', { name: 'Twoje dane' });
    expect(await profile.getByLabel('E-mail').inputValue()).toBe(email);
    await profile.getByLabel('Miasto').fill('Gdańsk');
    await profile.getByRole('button', { name: 'Zapisz zmiany' }).click();
    await expect.poll(() => page.getByText('Operacja wykonana poprawnie.').count()).toBeGreaterThan(0);
    await page.reload();
    expect(await page.getByRole('form', { name: 'Twoje dane' }).getByLabel('Miasto').inputValue()).toBe(
      'Gdańsk',
    );

    await page.locator('header summary').filter({ hasText: 'Anna Kowalska' }).click();
    await page.getByRole('button', { name: 'Wyloguj się' }).click();
    await expect
      .poll(() => page.locator('header').getByRole('link', { name: 'Zaloguj się' }).count())
      .toBe(1);
    await page.goto('/profile');
    expect(new URL(page.url()).pathname).toBe('/');

    // Forgotten password: the link from the mail sets a new one.
    const before = Date.now();
    await page.goto('/login');
    await page.getByRole('link', { name: 'Nie pamiętasz hasła?' }).click();
    await page.waitForURL(/\/forget-password$/);
    await page.getByLabel('E-mail').fill(email);
    await page.getByRole('button', { name: 'Wyślij link' }).click();
    await expect.poll(() => page.getByText(/wysłaliśmy link/).count()).toBeGreaterThan(0);
    const reset = await waitForMailLink(dataDir(), email, /https?:\/\/\S+\/forget-password\?\S+/, before);
    const resetUrl = new URL(reset.replace(/&amp;/g, '&'));
    await page.goto(resetUrl.pathname + resetUrl.search);
    await page.getByLabel('Nowe hasło (min. 8 znaków)').fill('nowehaslo22');
    await page.getByLabel('Powtórz hasło').fill('nowehaslo22');
    await page.getByRole('button', { name: 'Zmień hasło' }).click();
    await page.waitForURL(/\/login$/, { timeout: 10_000 });
    await page.getByLabel('E-mail').fill(email);
    await page.getByLabel('Hasło', { exact: true }).fill('nowehaslo22');
    await page.getByRole('button', { name: 'Zaloguj się', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/');

    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('a company account through the pages', () => {
  it('registers an organiser with a place and opening hours, confirms, signs in and edits the company form', async () => {
    const email = `firma.${stamp}@example.com`;
    const context = await browser.context({ viewport: { width: 360, height: 800 }, isMobile: true });
    const page = await context.newPage();
    const errors = watchErrors(page);

    await page.goto('/register#organiser');
    await expect
      .poll(() => page.getByRole('tab', { name: 'Organizator' }).getAttribute('aria-selected'))
      .toBe('true');
    const form = page.getByRole('form', { name: 'Rejestracja organizatora' });
    // The sign-up comes in steps (issue 29): account, place, hours, extras.
    const next = form.getByRole('button', { name: 'Dalej' });
    const step = () => form.getByRole('heading', { level: 2 }).textContent();
    await form.getByLabel('Nazwa organizatora').fill('Filharmonia Testowa');
    await form.getByLabel('E-mail do logowania').fill(email);
    await form.getByLabel('Hasło (min. 8 znaków)').fill('tajnehaslo1');
    await form.getByLabel('Powtórz hasło').fill('tajnehaslo1');
    await next.click();
    await expect.poll(step).toBe('Krok 2 z 4: Miejsce');
    await form.getByLabel('Nazwa miejsca').fill('Sala nad Motławą');
    await form.getByLabel('Miejscowość').fill('Gdańsk');
    await form.getByLabel('Ulica i numer').fill('Długa 1');
    await form.getByLabel('Kod pocztowy').fill('80-831');
    await form.getByLabel(/^Numer telefonu/).fill('+48 58 123 45 67');
    await form.getByLabel('Opis').fill('Koncerty kameralne w każdy piątek.');

    // Without a category the shared schema keeps the form on this step and says where.
    await next.click();
    await expect.poll(() => form.getByText('Wybierz co najmniej jedną opcję.').count()).toBeGreaterThan(0);
    expect(await step()).toBe('Krok 2 z 4: Miejsce');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

    await form.getByRole('checkbox', { name: 'Koncerty' }).check();
    await next.click();
    await expect.poll(step).toBe('Krok 3 z 4: Godziny');
    for (const day of [1, 2, 3, 4, 5]) {
      const row = form.locator(`[data-day="${day}"]`);
      await row.getByLabel('Od', { exact: true }).fill('10:00');
      await row.getByLabel('Do', { exact: true }).fill('18:00');
    }
    const saturday = form.locator('[data-day="6"]');
    await saturday.getByLabel('Zamknięte').check();
    // Closed and 24 hours exclude each other (spec §4).
    await saturday.getByLabel('Całą dobę').check();
    expect(await saturday.getByLabel('Zamknięte').isChecked()).toBe(false);
    expect(await saturday.getByLabel('Od', { exact: true }).isDisabled()).toBe(true);
    await form.locator('[data-day="7"]').getByLabel('Zamknięte').check();
    await next.click();
    await expect.poll(step).toBe('Krok 4 z 4: Dodatki');
    await form.getByRole('button', { name: 'Załóż konto organizatora' }).click();
    await expect.poll(() => page.getByText(/Sprawdź skrzynkę/).count()).toBeGreaterThan(0);

    const confirm = await waitForMailLink(dataDir(), email, /https?:\/\/\S+\/user\/verify\/[\w-]+/);
    await page.goto(new URL(confirm).pathname.replace('/user/verify/', '/confirm/'));
    await expect.poll(() => page.getByText(/został potwierdzony/).count()).toBeGreaterThan(0);
    await page.goto('/login');
    await page.getByLabel('E-mail').fill(email);
    await page.getByLabel('Hasło', { exact: true }).fill('tajnehaslo1');
    await page.getByRole('button', { name: 'Zaloguj się', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await expect
      .poll(() => page.locator('header').getByRole('link', { name: 'Dodaj nowe wydarzenie' }).count())
      .toBeGreaterThan(0);

    await page.goto('/profile');
    const edit = page.getByRole('form', { name: 'Dane firmy' });
    expect(await edit.getByLabel('Nazwa miejsca').inputValue()).toBe('Sala nad Motławą');
    expect(await edit.getByLabel('E-mail do logowania').count()).toBe(0);
    expect(await edit.locator('[data-day="6"]').getByLabel('Całą dobę').isChecked()).toBe(true);
    await edit.getByLabel('Nazwa miejsca').fill('Sala Koncertowa nad Motławą');
    await edit.getByRole('button', { name: /Zapisz/ }).click();
    await expect.poll(() => page.getByText('Operacja wykonana poprawnie.').count()).toBeGreaterThan(0);
    await page.reload();
    expect(
      await page.getByRole('form', { name: 'Dane firmy' }).getByLabel('Nazwa miejsca').inputValue(),
    ).toBe('Sala Koncertowa nad Motławą');
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('a password form sent before its code has loaded', () => {
  it('never puts the password in an address, and lands back on the form', async () => {
    // No JavaScript: what a press before hydration sends.
    const context = await browser.context({ javaScriptEnabled: false });
    const page = await context.newPage();
    const seen: string[] = [];
    page.on('request', (request) => seen.push(request.url()));
    for (const path of ['/login', '/en/register', '/forget-password']) {
      await page.goto(path);
      const form = page.locator('form:has(input[type="password"]), form:has(input[name="email"])').first();
      await form.locator('input[name="email"]').fill('anna@example.com');
      const password = form.locator('input[type="password"]').first();
      if (await password.count()) await password.fill('tajne-haslo-123');
      await form.locator('button[type="submit"]').first().click();
      await page.waitForLoadState('load');
      expect(new URL(page.url()).pathname).toBe(path);
    }
    expect(seen.filter((url) => url.includes('tajne-haslo') || url.includes('anna%40example'))).toEqual([]);
    await context.close();
  });
});
