import type { BrowserContext, Page, Request } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { demoAccounts } from '@/seed/demo';
import { expectNoAxeViolations } from '../helpers/axe';
import { setupBrowser, watchErrors } from '../helpers/browser';

// Issue 28, EU DSA art. 26: a visitor recognises a paid placement (the "Promowane" label) and can read
// who paid for it; the promoted carousel reports its impressions and clicks. The demo data runs ten
// promotions and the demo company's home-page ad.

const browser = setupBrowser();

/**
 * Records the measures of every beacon the page sends. The request itself is seen on the network too,
 * but Chromium does not hand a beacon's (Blob) body to the request event: the page's own sendBeacon is
 * wrapped to read it.
 */
async function watchBeacons(context: BrowserContext): Promise<(page: Page) => Promise<string[]>> {
  await context.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { beaconMeasures: string[] }).beaconMeasures = seen;
    const send = navigator.sendBeacon.bind(navigator);
    navigator.sendBeacon = (url, data) => {
      if (String(url) === '/api/stats/hits' && data instanceof Blob) {
        data.text().then((text) => {
          for (const hit of (JSON.parse(text) as { hits: { measure: string }[] }).hits)
            seen.push(hit.measure);
        });
      }
      return send(url, data);
    };
  });
  return (page) =>
    page.evaluate(() => [...(window as unknown as { beaconMeasures: string[] }).beaconMeasures]);
}

const isBeacon = (request: Request) =>
  request.method() === 'POST' && new URL(request.url()).pathname === '/api/stats/hits';

/** The company that owns an event (its page's organiser), asked of the API, not of the page. */
async function ownerOf(page: Page, eventId: string): Promise<string> {
  const res = await page.request.get(`/api/event/${eventId}`);
  const body = (await res.json()) as { data: { place: { user: { company_name: string } } } };
  return body.data.place.user.company_name;
}

const texts = {
  pl: {
    path: '/',
    carousel: 'Polecane wydarzenia',
    label: 'Promowane',
    paid: 'Reklama. Płaci:',
    ads: 'Polecane miejsca',
  },
  en: {
    path: '/en',
    carousel: 'Featured events',
    label: 'Sponsored',
    paid: 'Ad. Paid for by',
    ads: 'Featured places',
  },
} as const;

describe('paid placements on the home page', () => {
  for (const lang of ['pl', 'en'] as const) {
    const t = texts[lang];
    it(`labels a promoted slide and the ad and names who paid (${lang})`, async () => {
      const context = await browser.context();
      const page = await context.newPage();
      // The beacon's answer does not matter here, only that it leaves.
      const errors = watchErrors(page, [/^\/api\/stats\/hits$/]);
      await page.goto(t.path);

      const carousel = page.locator(`section[aria-roledescription="carousel"][aria-label="${t.carousel}"]`);
      await carousel.scrollIntoViewIfNeeded();
      const slide = carousel.locator('article').first();
      const href = await slide.getByRole('link').first().getAttribute('href');
      const eventId = href!.split('/').pop()!;
      const owner = await ownerOf(page, eventId);

      // The label is visible; its disclosure, outside the slide's link, opens with the keyboard.
      const summary = slide.locator('summary');
      expect(await summary.isVisible()).toBe(true);
      expect(await summary.textContent()).toContain(t.label);
      expect(await slide.locator('a summary, a details').count()).toBe(0);
      const details = slide.getByText(`${t.paid} ${owner}`);
      expect(await details.isVisible()).toBe(false);
      await summary.focus();
      await page.keyboard.press('Enter');
      await expect.poll(() => details.isVisible()).toBe(true);

      // The home-page ad of the demo company, labelled the same way.
      const ads = page.locator('section[aria-labelledby="home-ads"]');
      expect(await ads.getByRole('heading', { name: t.ads }).isVisible()).toBe(true);
      const ad = ads.locator('article').first();
      await ad.locator('summary').click();
      await expect.poll(() => ad.getByText(`${t.paid} ${demoAccounts.company.name}`).isVisible()).toBe(true);

      await expectNoAxeViolations(page, { include: 'main', label: `home page, labels open (${lang})` });
      expect(errors).toEqual([]);
      await context.close();
    });
  }

  it('reports the promoted slide’s impression when it is seen and its click when it is followed', async () => {
    const context = await browser.context();
    const measures = await watchBeacons(context);
    const page = await context.newPage();
    let requests = 0;
    page.on('request', (request) => {
      if (isBeacon(request)) requests++;
    });
    await page.goto('/');
    const carousel = page.locator(
      'section[aria-roledescription="carousel"][aria-label="Polecane wydarzenia"]',
    );
    await carousel.scrollIntoViewIfNeeded();
    await expect.poll(() => measures(page), { timeout: 10_000 }).toContain('carousel_impression');
    expect(await measures(page)).not.toContain('carousel_click');
    await expect.poll(() => requests).toBeGreaterThan(0);

    // The click leaves at once (a client-side navigation keeps the window, and the list with it).
    const link = carousel.locator('article').first().getByRole('link').first();
    const href = await link.getAttribute('href');
    const before = requests;
    const clickSent = page.waitForRequest(isBeacon);
    await link.click();
    await clickSent;
    expect(requests).toBeGreaterThan(before);
    await expect.poll(() => measures(page)).toContain('carousel_click');
    await page.waitForURL((u) => u.pathname === href);
    await context.close();
  });

  it('labels a promoted event among the /list results and reports it seen', async () => {
    const context = await browser.context();
    const measures = await watchBeacons(context);
    const page = await context.newPage();
    // /list orders by date (it has no "promoted" order): a promoted event is found by its name.
    const found = (await (await page.request.get('/api/event?only_promoted=1&per_page=1')).json()) as {
      data: { id: number; name: string; city: string }[];
    };
    const promoted = found.data[0]!;
    const owner = await ownerOf(page, String(promoted.id));
    const query = new URLSearchParams({ search: promoted.name, localization: promoted.city });
    await page.goto(`/list?${query}#event_type`);
    const card = page
      .locator('#list-panel-events article')
      .filter({ has: page.locator(`a[href="/event/${promoted.id}"]`) })
      .first();
    await card.locator('summary').click();
    await expect.poll(() => card.getByText(`Reklama. Płaci: ${owner}`).isVisible()).toBe(true);
    await expect.poll(() => measures(page), { timeout: 10_000 }).toContain('list_impression');
    await context.close();
  });
});

describe('the place page’s contact and share actions', () => {
  it('report a copied phone number, an opened website and a copied link, each for the place', async () => {
    const context = await browser.context({ permissions: ['clipboard-read', 'clipboard-write'] });
    const measures = await watchBeacons(context);
    const page = await context.newPage();
    // The demo company's place, the one its home-page ad leads to: it has a phone and a website.
    await page.goto('/');
    const href = await page
      .locator('section[aria-labelledby="home-ads"] article a')
      .first()
      .getAttribute('href');
    await page.goto(href!);
    await page.getByRole('button', { name: /^Kopiuj numer telefonu/ }).click();
    await page.getByRole('button', { name: 'Kopiuj link' }).click();
    await expect
      .poll(() => measures(page), { timeout: 10_000 })
      .toEqual(expect.arrayContaining(['phone_click', 'share']));
    expect(await measures(page)).not.toContain('website_click');
    // Opening the website (a new tab) counts as well.
    const popup = context.waitForEvent('page');
    await page.locator('address + ul a[target="_blank"]').first().click();
    await (await popup).close();
    await expect.poll(() => measures(page)).toContain('website_click');
    await context.close();
  });
});
