import { describe, expect, it } from 'vitest';
import { expectNoAxeViolations } from '../helpers/axe';
import { setupBrowser, signIn, watchErrors } from '../helpers/browser';

// Issue 29 point 9: "Wybierz wydarzenie w kalendarzu" on /premium led to an empty add-event form. Now it
// lists the company's upcoming events, each with its promotion offer, and a pack is bought from there.

const browser = setupBrowser();

const texts = {
  pl: {
    choose: 'Wybierz wydarzenie do promowania',
    title: 'Promuj swoje wydarzenia',
    buy: /^Kup: .+ dla „/,
    billing: 'Dane do faktury',
  },
  en: {
    choose: 'Choose an event to promote',
    title: 'Promote your events',
    buy: /^Buy: .+ for “/,
    billing: 'Billing details',
  },
} as const;

describe('promotion from /premium', () => {
  for (const width of [360, 1440]) {
    for (const locale of ['pl', 'en'] as const) {
      it(`lists the company's upcoming events with their packs and buys from there (${locale}, ${width} px)`, async () => {
        const t = texts[locale];
        const context = await browser.context({ viewport: { width, height: 900 } });
        const page = await signIn(context, 'firma@example.com');
        const errors = watchErrors(page);
        await page.goto(locale === 'en' ? '/en/premium' : '/premium');
        await page.getByRole('link', { name: t.choose }).click();
        await page.waitForURL((url) => url.pathname.endsWith('/premium/promote'));
        await expect.poll(() => page.getByRole('heading', { level: 1, name: t.title }).count()).toBe(1);

        // The demo company's events, soonest first, each with every pack to buy.
        const events = page.getByRole('article');
        expect(await events.count()).toBeGreaterThan(0);
        const first = events.first();
        const name = ((await first.getByRole('heading', { level: 2 }).textContent()) ?? '').trim();
        expect(name.length).toBeGreaterThan(0);
        const buttons = first.getByRole('button', { name: t.buy });
        expect(await buttons.count()).toBeGreaterThan(0);
        expect(await buttons.first().getAttribute('aria-label')).toContain(name);
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
        if (width === 360) await expectNoAxeViolations(page, { label: `/premium/promote ${locale}` });

        // Buying starts the checkout: the billing data is confirmed first (issue 27).
        await buttons.first().click();
        const dialog = page.getByRole('dialog', { name: t.billing });
        await expect.poll(() => dialog.isVisible(), { timeout: 10_000 }).toBe(true);
        await page.keyboard.press('Escape');
        expect(errors).toEqual([]);
        await context.close();
      });
    }
  }

  it('tells an attendee the page is for organisers', async () => {
    const context = await browser.context();
    const page = await signIn(context, 'uzytkownik@example.com');
    await page.goto('/premium/promote');
    await expect
      .poll(() => page.getByRole('heading', { level: 1, name: 'Promuj swoje wydarzenia' }).count())
      .toBe(1);
    expect(await page.getByRole('article').count()).toBe(0);
    await context.close();
  });
});
