import { describe, expect, it } from 'vitest';
import { expectNoAxeViolations } from '../helpers/axe';
import { setupBrowser, watchErrors } from '../helpers/browser';

const browser = setupBrowser();

describe('home page', () => {
  it('opens in Polish by default with demo data, the shell and no errors', async () => {
    const context = await browser.context();
    const page = await context.newPage();
    const errors = watchErrors(page);
    const response = await page.goto('/');
    expect(response?.status()).toBe(200);
    expect(await page.getAttribute('html', 'lang')).toBe('pl');
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toContain('weekend');
    expect(await page.getByRole('link', { name: 'Koncerty' }).count()).toBe(1);
    expect(await page.locator('main article').count()).toBeGreaterThanOrEqual(8);
    // The shell: top bar with login, search bar, footer with legal and registration links.
    expect(await page.getByRole('link', { name: 'Zaloguj się' }).count()).toBe(1);
    expect(await page.getByRole('searchbox').count()).toBe(1);
    expect(
      await page.locator('footer').getByRole('link', { name: 'Polityka prywatności' }).getAttribute('href'),
    ).toBe('/privacy');
    expect(
      await page
        .locator('footer')
        .getByRole('link', { name: 'Załóż konto organizatora' })
        .getAttribute('href'),
    ).toBe('/register#organiser');
    await expectNoAxeViolations(page, { label: 'home page' });
    await page.waitForTimeout(500);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('switches to the page’s English address (/en), keeps the choice in a cookie', async () => {
    const context = await browser.context();
    const page = await context.newPage();
    const errors = watchErrors(page);
    await page.goto('/privacy');
    const polishTitle = await page.getByRole('heading', { level: 1 }).textContent();
    await page.getByRole('button', { name: 'en', exact: true }).click();
    await expect.poll(() => page.getAttribute('html', 'lang')).toBe('en');
    await page.waitForURL('**/en/privacy');
    const englishTitle = await page.getByRole('heading', { level: 1 }).textContent();
    expect(englishTitle).not.toBe(polishTitle);
    expect(await page.getByRole('link', { name: 'Log in' }).count()).toBe(1);
    const cookies = await context.cookies();
    expect(cookies.find((c) => c.name === 'locale')?.value).toBe('en');

    await page.goto('/');
    expect(await page.getByRole('link', { name: 'Concerts' }).count()).toBe(1);
    // Calls from the page carry the language.
    const categories = await page.evaluate(async () => {
      const res = await fetch('/api/category', {
        headers: { 'Accept-Language': document.documentElement.lang },
      });
      return (await res.json()).data[0].name;
    });
    expect(categories).toBe('Concerts');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('fits a 360 px phone without sideways scrolling and searches with Enter', async () => {
    const context = await browser.context({
      viewport: { width: 360, height: 740 },
      isMobile: true,
      hasTouch: true,
    });
    const page = await context.newPage();
    await page.goto('/');
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(360);
    await page.getByRole('searchbox').fill('jazz');
    await page.getByRole('combobox').selectOption({ label: 'Koncerty' });
    await page.getByRole('searchbox').press('Enter');
    await page.waitForURL(/\/list\?/);
    const url = new URL(page.url());
    expect(url.searchParams.get('search')).toBe('jazz');
    expect(url.searchParams.get('category_id')).toMatch(/^\d+$/);
    await context.close();
  });
});

describe('other pages', () => {
  it('answers an unknown route with the 404 page and a way home', async () => {
    const context = await browser.context();
    const page = await context.newPage();
    const response = await page.goto('/no-such-page');
    expect(response?.status()).toBe(404);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toContain('Nie ma takiej strony');
    await page.getByRole('link', { name: 'Wróć na stronę główną' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await context.close();
  });

  it.each([
    ['/how-it-works', 'Jak'],
    ['/about-us', 'O nas'],
    ['/privacy', 'prywatności'],
    ['/rule', 'Regulamin'],
    ['/contact', 'Kontakt'],
  ])('serves the text page %s', async (route, words) => {
    const context = await browser.context();
    const page = await context.newPage();
    const response = await page.goto(route);
    expect(response?.status()).toBe(200);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toContain(words);
    expect(await page.locator('main article p').count()).toBeGreaterThan(2);
    await context.close();
  });

  it('serves the text pages in English too', async () => {
    const context = await browser.context();
    await context.addCookies([{ name: 'locale', value: 'en', url: browser.baseUrl() }]);
    const page = await context.newPage();
    await page.goto('/about-us');
    expect(await page.getAttribute('html', 'lang')).toBe('en');
    const response = await page.goto('/missing');
    expect(response?.status()).toBe(404);
    expect(await page.getByRole('link', { name: 'Back to homepage' }).count()).toBe(1);
    await context.close();
  });
});
