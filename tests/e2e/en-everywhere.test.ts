import type { BrowserContext, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { routesToApi } from '@/api/routing';
import { clickHydrated, hydrated, setupBrowser, signIn } from '../helpers/browser';

// Issue 31 point 5: an English visitor stays English. Every page address a page under /en prints (links
// and form actions) is under /en, and every redirect followed from /en lands under /en: sign-in and back,
// an unknown event or place, the search, sign-in and sign-out. Each check gathers everything it finds and
// asserts once, so one run lists all the offenders.

const browser = setupBrowser();
const accounts = { user: 'uzytkownik@example.com', company: 'firma@example.com' } as const;
type Visitor = 'anonymous' | keyof typeof accounts;

/** An address is English when its path is /en or under /en/ (the query and hash do not matter). */
function isEnglish(url: URL): boolean {
  return /^\/en(\/|$)/.test(url.pathname);
}

/**
 * The portal's own addresses: the origin the test opens, and the configured public address (PUBLIC_URL
 * defaults to http://localhost:PORT), which absolute links such as the feeds' are written with.
 */
function isPortal(url: URL): boolean {
  const base = new URL(browser.baseUrl());
  if (url.origin === base.origin) return true;
  return url.protocol === base.protocol && url.port === base.port && url.hostname === 'localhost';
}

/**
 * Same-origin addresses that are not pages, so carry no language of their own: whatever server.ts hands
 * to Fastify (routesToApi: /api with its feeds, .ics files and CSV/PDF downloads, /oauth, /media, the
 * sitemaps, robots.txt, favicon.ico) and Next.js's own /_next files. mailto:, tel: and webcal: links are
 * not same-origin and a "#fragment" resolves to the /en page itself, so neither needs an entry here.
 * The language switch is a button (components/layout/language-switch.tsx), not a link: nothing to exempt.
 */
function isPage(url: URL): boolean {
  return !routesToApi(url.pathname + url.search) && !url.pathname.startsWith('/_next/');
}

/** Where `page` is now, as path and query. */
function here(page: Page): string {
  const url = new URL(page.url());
  return url.pathname + url.search;
}

/** A link or form of a page: in the frame every page shares (top bar, search row, footer) or its own main. */
interface Printed {
  kind: 'a' | 'form';
  inFrame: boolean;
  url: URL;
}

/** Every `a[href]` and `form[action]` of the page, resolved against its address. */
async function printedAddresses(page: Page): Promise<Printed[]> {
  const found = await page.evaluate(() =>
    [...document.querySelectorAll('a[href], form[action]')].map((el) => ({
      kind: el.tagName === 'A' ? ('a' as const) : ('form' as const),
      inFrame: !el.closest('#main'),
      href: new URL(el.getAttribute(el.tagName === 'A' ? 'href' : 'action') ?? '', document.baseURI).href,
    })),
  );
  return found.map(({ href, ...rest }) => ({ ...rest, url: new URL(href) }));
}

/** An offending address by its shape (ids as :id, any query as ?…), so twenty event cards make one line. */
function shapeOf({ kind, url }: Printed): string {
  return `${kind} ${url.pathname.replace(/\/\d+(?=\/|$)/g, '/:id')}${url.search ? '?…' : ''}`;
}

/** What a visitor's crawl found: where pages landed and the offending addresses, grouped by shape. */
class Findings {
  /** Frame shapes → the pages that print them (reported once: one fix in the layout mends them all). */
  private frame = new Map<string, { pages: Set<string>; example: string }>();
  private pages = new Map<string, Map<string, { count: number; example: string }>>();
  private landings: string[] = [];
  private crawled = 0;

  add(path: string, landing: string[], printed: Printed[]) {
    this.crawled++;
    this.landings.push(...landing.map((problem) => `${path}: ${problem}`));
    for (const item of printed) {
      if (!isPortal(item.url) || !isPage(item.url) || isEnglish(item.url)) continue;
      const example = item.url.pathname + item.url.search;
      if (item.inFrame) {
        const group = this.frame.get(shapeOf(item)) ?? { pages: new Set<string>(), example };
        group.pages.add(path);
        this.frame.set(shapeOf(item), group);
        continue;
      }
      const own = this.pages.get(path) ?? new Map<string, { count: number; example: string }>();
      const group = own.get(shapeOf(item)) ?? { count: 0, example };
      group.count++;
      own.set(shapeOf(item), group);
      this.pages.set(path, own);
    }
  }

  /** One line per problem, for the assertion message; empty when all stays under /en. */
  report(): string[] {
    return [
      ...this.landings,
      ...[...this.frame].map(
        ([shape, { pages, example }]) =>
          `frame (top bar/footer), ${pages.size} of ${this.crawled} pages: ${shape} (e.g. ${example})`,
      ),
      ...[...this.pages].flatMap(([path, shapes]) =>
        [...shapes].map(([shape, { count, example }]) => `${path}: ${shape} ×${count} (e.g. ${example})`),
      ),
    ];
  }
}

/** Opens `path`; adds where it landed and what it prints to `findings`. */
async function crawl(page: Page, path: string, findings: Findings) {
  // The server-rendered document holds every link and form; images and scripts add none worth the wait.
  await page.goto(path, { waitUntil: 'domcontentloaded' });
  const landing: string[] = [];
  if (!isEnglish(new URL(page.url()))) landing.push(`redirected to ${here(page)}`);
  const lang = await page.locator('html').getAttribute('lang');
  if (lang !== 'en') landing.push(`<html lang="${lang}">`);
  findings.add(path, landing, await printedAddresses(page));
}

/** The first id in a link of the page whose path (with or without /en) matches `pattern`. */
async function linkedId(page: Page, pattern: RegExp): Promise<number | undefined> {
  for (const { url } of await printedAddresses(page)) {
    const match = url.pathname.replace(/^\/en(?=\/)/, '').match(pattern);
    if (match) return Number(match[1]);
  }
  return undefined;
}

async function signedIn(visitor: Visitor): Promise<BrowserContext> {
  const context = await browser.context({ viewport: { width: 1440, height: 900 } });
  if (visitor !== 'anonymous') await (await signIn(context, accounts[visitor])).close();
  return context;
}

/** Fills the sign-in form of the page it is on, in either language (the page may not be English yet). */
async function signInHere(page: Page, email: string) {
  await page.getByLabel('E-mail', { exact: true }).fill(email);
  await page.getByLabel(/^(Password|Hasło)$/).fill('Demo1234!');
  await clickHydrated(page.getByRole('button', { name: /^(Log in|Zaloguj się)$/ }));
}

let records = { event: 0, place: 0 };
beforeAll(async () => {
  const first = async (path: string) =>
    ((await (await fetch(`${browser.baseUrl()}${path}`)).json()) as { data: { id: number }[] }).data[0]!.id;
  records = { event: await first('/api/event?per_page=1'), place: await first('/api/place?per_page=1') };
});

/** The pages each visitor opens: the public ones for all, signed-in ones (incl. redirects away) for both roles. */
function pagesOf(visitor: Visitor): string[] {
  const pub = [
    '/en',
    '/en/list',
    '/en/list?search=koncert',
    `/en/event/${records.event}`,
    `/en/places/${records.place}`,
    '/en/premium',
    '/en/about-us',
    '/en/how-it-works',
    '/en/contact',
    '/en/rule',
    '/en/privacy',
    // Signed in, these redirect away: that redirect must stay English too.
    '/en/login',
    '/en/register',
    '/en/forget-password',
  ];
  if (visitor === 'anonymous') return pub;
  const own = ['/en/calendar', '/en/favourite', '/en/messages', '/en/notifications', '/en/profile'];
  if (visitor === 'user') return [...pub, ...own];
  const company = [
    '/en/account/places',
    '/en/account/create-place',
    '/en/account/stats',
    '/en/account/stats/promotions',
    '/en/premium/promote',
  ];
  return [...pub, ...own, ...company];
}

/** The company's pages that need one of its own records, found in the links of the pages before. */
async function companyRecordPages(page: Page): Promise<string[]> {
  await page.goto('/en/account/places');
  const place = await linkedId(page, /^\/account\/edit-place\/(\d+)$/);
  await page.goto('/en/messages');
  const conversation = await linkedId(page, /^\/messages\/(\d+)$/);
  return [
    ...(place ? [`/en/account/edit-place/${place}`, `/en/account/places/${place}/import`] : []),
    ...(conversation ? [`/en/messages/${conversation}`] : []),
  ];
}

// The three visitors crawl side by side: most of the time is the server rendering, which two cores share.
describe.concurrent('every page address a page under /en prints is under /en', () => {
  for (const visitor of ['anonymous', 'user', 'company'] as const) {
    it(`for the ${visitor} visitor`, async ({ expect }) => {
      const context = await signedIn(visitor);
      const page = await context.newPage();
      const pages = pagesOf(visitor);
      if (visitor === 'company') pages.push(...(await companyRecordPages(page)));
      const findings = new Findings();
      for (const path of pages) await crawl(page, path, findings);
      const report = findings.report();
      expect(report.length, `${visitor}: addresses that leave /en:\n${report.join('\n')}`).toBe(0);
      await context.close();
    }, 120_000);
  }
});

describe('redirects followed from /en stay under /en', () => {
  it('a signed-in-only page sends to the English sign-in, which returns to the English page', async () => {
    const problems: string[] = [];
    const cases = [
      { path: '/en/calendar', email: accounts.user },
      { path: '/en/messages', email: accounts.company },
    ];
    for (const { path, email } of cases) {
      const context = await signedIn('anonymous');
      const page = await context.newPage();
      await page.goto(path);
      const login = new URL(page.url());
      if (login.pathname !== '/en/login') problems.push(`${path}: sign-in page is ${here(page)}`);
      const next = login.searchParams.get('next');
      if (next !== path) problems.push(`${path}: next=${next}, not ${path}`);
      await signInHere(page, email);
      await page.waitForURL((url) => !/^(\/en)?\/login$/.test(url.pathname));
      if (new URL(page.url()).pathname !== path) problems.push(`${path}: after sign-in at ${here(page)}`);
      await context.close();
    }
    expect(problems).toEqual([]);
  });

  it('an unknown event or place stays English', async () => {
    const problems: string[] = [];
    const context = await signedIn('anonymous');
    const page = await context.newPage();
    for (const path of ['/en/event/999999', '/en/places/999999']) {
      await page.goto(path);
      if (!isEnglish(new URL(page.url()))) problems.push(`${path}: landed on ${here(page)}`);
      const lang = await page.locator('html').getAttribute('lang');
      if (lang !== 'en') problems.push(`${path}: <html lang="${lang}">`);
    }
    expect(problems).toEqual([]);
    await context.close();
  });

  it('the search of /en opens /en/list', async () => {
    const context = await signedIn('anonymous');
    const page = await context.newPage();
    await page.goto('/en');
    const box = page.getByRole('searchbox', { name: 'What are you looking for?' });
    await hydrated(page);
    await box.fill('koncert');
    await box.press('Enter');
    await page.waitForURL((url) => url.searchParams.get('search') === 'koncert');
    expect(here(page)).toMatch(/^\/en\/list\?/);
    await context.close();
  });

  it('signing in on /en/login and signing out from an /en page stay English', async () => {
    const problems: string[] = [];
    const context = await signedIn('anonymous');
    const page = await context.newPage();
    await page.goto('/en/login');
    await signInHere(page, accounts.user);
    await page.waitForURL((url) => !/^(\/en)?\/login$/.test(url.pathname));
    if (!isEnglish(new URL(page.url()))) problems.push(`sign-in from /en/login: landed on ${here(page)}`);

    const start = '/en/list?search=koncert';
    await page.goto(start);
    await clickHydrated(page.locator('header summary', { hasText: 'Account:' }));
    await clickHydrated(page.getByRole('button', { name: 'Log out', exact: true }));
    await page.waitForURL((url) => url.pathname + url.search !== start);
    if (!isEnglish(new URL(page.url()))) problems.push(`sign-out from ${start}: landed on ${here(page)}`);
    expect(problems).toEqual([]);
    await context.close();
  });
});
