import type { Browser, BrowserContext, Page } from 'playwright-core';

// Issue 18: the frame of every page of spec §2, as the visitor, the user and the company see it, at a
// phone's, a tablet's and a desktop's width in both languages. Shared by the browser test that asserts
// it (tests/e2e/phone-first.test.ts) and the script that photographs it (scripts/screenshots.ts).

export type FrameRole = 'visitor' | 'user' | 'company';
export const frameRoles: FrameRole[] = ['visitor', 'user', 'company'];
export const frameWidths = [360, 768, 1440] as const;
export const frameLocales = ['pl', 'en'] as const;
/** The first screen of a phone: 360 × 740 px. */
export const firstScreen = 740;
export const phoneBarMax = 56;
export const minTarget = 44;

const accounts: Record<Exclude<FrameRole, 'visitor'>, string> = {
  user: 'uzytkownik@example.com',
  company: 'firma@example.com',
};
const demoPassword = 'Demo1234!';

/** The demo data's records the detail pages show: an event with a ticket link and a place with events. */
export async function frameRecords(baseUrl: string): Promise<{ event: number; place: number }> {
  const found = (await (await fetch(`${baseUrl}/api/event?per_page=50`)).json()) as {
    data: { id: number; place_id: number }[];
  };
  const first = found.data[0];
  if (!first) throw new Error('the demo data has no upcoming event');
  for (const candidate of found.data) {
    const detail = (await (await fetch(`${baseUrl}/api/event/${candidate.id}`)).json()) as {
      data: { buy_ticket_url: string | null };
    };
    if (detail.data.buy_ticket_url) return { event: candidate.id, place: candidate.place_id };
  }
  return { event: first.id, place: first.place_id };
}

/** The pages of spec §2 each role reaches (the event and place pages are the demo data's). */
export function framePages(role: FrameRole, records: { event: number; place: number }): string[] {
  const common = ['/', '/list', `/event/${records.event}`, `/places/${records.place}`, '/premium'];
  const texts = ['/how-it-works', '/about-us', '/privacy', '/rule', '/contact'];
  if (role === 'visitor') return [...common, '/login', '/register', '/forget-password', ...texts];
  if (role === 'user')
    return [...common, '/calendar', '/favourite', '/messages', '/notifications', '/profile', '/contact'];
  return [...common, '/calendar', '/messages', '/profile', '/contact'];
}

/** Resizes the page to a width (phones 740 px tall) and waits until its layout and listeners have followed. */
export async function resizeTo(page: Page, width: number) {
  await page.setViewportSize({ width, height: width < 640 ? firstScreen : 900 });
  // Two frames: the resize's media-query listeners run in the first, React's re-render lands by the second.
  await page.evaluate(
    () => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(() => done(null)))),
  );
}

/** A context for the role (signed in through the login page), in its language and width. */
export async function frameContext(
  browser: Browser,
  { baseUrl, locale, width }: { baseUrl: string; locale: string; width: number },
  storageState?: Awaited<ReturnType<BrowserContext['storageState']>>,
): Promise<BrowserContext> {
  const context = await browser.newContext({
    baseURL: baseUrl,
    viewport: { width, height: width < 640 ? firstScreen : 900 },
    storageState,
  });
  await context.addCookies([{ name: 'locale', value: locale, url: baseUrl }]);
  return context;
}

/** Signs the role in once and returns its cookies, for `frameContext`. */
export async function frameSession(browser: Browser, baseUrl: string, role: Exclude<FrameRole, 'visitor'>) {
  const context = await browser.newContext({ baseURL: baseUrl });
  const page = await context.newPage();
  await page.goto('/login');
  await page.getByLabel(/E-mail/).fill(accounts[role]);
  await page.getByLabel(/^Hasło$|^Password$/).fill(demoPassword);
  await page.getByRole('button', { name: /^(Zaloguj się|Sign in|Log in)$/ }).click();
  await page.waitForURL((url) => url.pathname === '/');
  const state = await context.storageState();
  await context.close();
  return state;
}

/** What issue 18 asks of a page's frame, measured in the browser. */
export interface FrameReport {
  /** The page is wider than the screen. */
  horizontalScroll: boolean;
  barHeight: number;
  /** Controls of the top bar below or above its first line. */
  offLine: string[];
  /** Texts of the top bar that do not fit their box. */
  cutTexts: string[];
  /** Controls of the top bar smaller than 44 × 44 px. */
  smallTargets: string[];
  /** Where the page's main heading starts, from the top of the document (null without an h1). */
  headingTop: number | null;
  heading: string | null;
}

export async function measureFrame(page: Page): Promise<FrameReport> {
  // Run by tsx (npm run screenshots), esbuild names the arrow functions below with a `__name` helper
  // that the page does not have; the function is sent to the page as text, so the page gets one.
  await page.evaluate('globalThis.__name ??= (fn) => fn');
  return page.evaluate(
    ({ minTarget }) => {
      const header = document.querySelector('header');
      const bar = header?.firstElementChild as HTMLElement | null;
      const barBox = bar?.getBoundingClientRect();
      // Shown in the bar itself: not a screen-reader-only text (1 × 1 px), nor inside a menu (a <details>
      // other than its <summary>), whose list floats over the page when open.
      const visible = (el: Element) => {
        const box = el.getBoundingClientRect();
        const style = getComputedStyle(el);
        const inMenu = el.closest('details') !== null && el.closest('summary') === null;
        return (
          box.width > 1 &&
          box.height > 1 &&
          style.visibility !== 'hidden' &&
          style.display !== 'none' &&
          !inMenu
        );
      };
      const name = (el: Element) =>
        (el.getAttribute('aria-label') ?? el.textContent ?? el.tagName)
          .trim()
          .replace(/\s+/g, ' ')
          .slice(0, 40);
      // The bar's controls: the links, buttons and menus of its first line (not the contents of an open menu).
      const controls = bar
        ? [...bar.querySelectorAll('a, button, summary, select, input')].filter(visible)
        : [];
      const offLine = barBox
        ? controls
            .filter((el) => {
              const box = el.getBoundingClientRect();
              return box.top < barBox.top - 1 || box.bottom > barBox.bottom + 1;
            })
            .map(name)
        : [];
      const texts = bar ? [...bar.querySelectorAll('*')].filter((el) => visible(el)) : [];
      const cutTexts = texts
        .filter((el) =>
          [...el.childNodes].some((n) => n.nodeType === Node.TEXT_NODE && n.textContent?.trim()),
        )
        .filter((el) => (el as HTMLElement).scrollWidth > (el as HTMLElement).clientWidth + 1)
        .map(name);
      const smallTargets = controls
        .filter((el) => {
          const box = el.getBoundingClientRect();
          return box.width < minTarget - 0.5 || box.height < minTarget - 0.5;
        })
        .map((el) => {
          const box = el.getBoundingClientRect();
          return `${name(el)} (${Math.round(box.width)}×${Math.round(box.height)})`;
        });
      const h1 = document.querySelector('main h1, h1');
      return {
        horizontalScroll: document.documentElement.scrollWidth > window.innerWidth + 1,
        barHeight: barBox ? Math.round(barBox.height) : 0,
        offLine,
        cutTexts,
        smallTargets,
        headingTop: h1 ? Math.round(h1.getBoundingClientRect().top + window.scrollY) : null,
        heading: h1?.textContent?.trim() ?? null,
      };
    },
    { minTarget },
  );
}

/** The problems of a report, as sentences; none when the frame is right. */
export function frameProblems(report: FrameReport, width: number): string[] {
  const problems: string[] = [];
  if (report.horizontalScroll) problems.push('scrolls sideways');
  if (report.offLine.length) problems.push(`top bar on more than one line: ${report.offLine.join(', ')}`);
  if (width < 640 && report.barHeight > phoneBarMax) problems.push(`top bar ${report.barHeight} px tall`);
  if (report.cutTexts.length) problems.push(`text cut in the top bar: ${report.cutTexts.join(', ')}`);
  if (report.smallTargets.length)
    problems.push(`top bar targets under 44 px: ${report.smallTargets.join(', ')}`);
  if (report.headingTop === null) problems.push('no main heading');
  else if (report.headingTop >= firstScreen) problems.push(`main heading at ${report.headingTop} px`);
  return problems;
}
