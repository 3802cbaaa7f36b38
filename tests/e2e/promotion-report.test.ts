import { describe, expect, it } from 'vitest';
import { expectNoAxeViolations } from '../helpers/axe';
import { setupBrowser, signIn, watchErrors } from '../helpers/browser';

// Issue 28 point 3: the demo company's promotion and home-page ad (both running since yesterday in the
// seed) each get a card with their figures, in both languages, at 360 px, with nothing for axe to find.

const browser = setupBrowser();
const path = '/account/stats/promotions';

describe('the promotion report page', () => {
  it('sends a guest to log in and back', async () => {
    const context = await browser.context();
    const page = await context.newPage();
    await page.goto(path);
    expect(new URL(page.url()).pathname).toBe('/login');
    expect(new URL(page.url()).searchParams.get('next')).toBe(path);
    await context.close();
  });

  for (const locale of ['pl', 'en'] as const) {
    it(`shows a company its promotions and ads (${locale}), usable at 360 px and axe-clean`, async () => {
      const context = await browser.context({ viewport: { width: 360, height: 800 } });
      const page = await signIn(context, 'firma@example.com');
      await context.addCookies([{ name: 'locale', value: locale, url: browser.baseUrl() }]);
      const errors = watchErrors(page);
      await page.goto(path);
      const texts =
        locale === 'pl'
          ? { title: 'Wyniki promocji', list: 'Promocje i reklamy', ad: 'Reklama na stronie głównej' }
          : { title: 'Promotion results', list: 'Promotions and ads', ad: 'Home-page ad' };
      expect(await page.getByRole('heading', { level: 1, name: texts.title }).count()).toBe(1);
      const cards = page.getByRole('list', { name: texts.list }).getByRole('article');
      expect(await cards.count()).toBeGreaterThanOrEqual(2);
      expect(await page.getByText(texts.ad, { exact: true }).count()).toBeGreaterThanOrEqual(1);
      expect(await page.locator('dt').count()).toBeGreaterThanOrEqual(6);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
      await expectNoAxeViolations(page, { label: `promotion report ${locale}` });
      expect(errors).toEqual([]);
      await context.close();
    });
  }

  it('shows an attendee that the page is for organisers', async () => {
    const context = await browser.context();
    const page = await signIn(context, 'uzytkownik@example.com');
    await page.goto(path);
    expect(await page.getByRole('heading', { level: 1, name: 'Wyniki promocji' }).count()).toBe(1);
    expect(await page.getByRole('list', { name: 'Promocje i reklamy' }).count()).toBe(0);
    await context.close();
  });
});
