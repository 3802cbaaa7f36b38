import { type Browser, type BrowserContext, chromium, type Locator, type Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, expect, inject } from 'vitest';

import { chromiumPath } from './browser-path';

export { chromiumPath };

// Chromium's own reports of a blocked script, style, frame or connection, and of a header it
// could not read, plus what the page's securitypolicyviolation listener below logs.
const policyError = /Content Security Policy|CSP violation|Permissions-Policy|Refused to/i;

/**
 * Every page of every context reports what the CSP blocked (issue 10, point 7): the test that
 * opened it fails after it ends, whatever the journey checked itself.
 */
async function watchPolicies(context: BrowserContext, violations: string[]) {
  await context.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      console.error(
        `CSP violation: ${e.effectiveDirective} blocked ${e.blockedURI || 'inline'} at ${e.sourceFile}:${e.lineNumber}`,
      );
    });
  });
  context.on('console', (message) => {
    if (message.type() === 'error' && policyError.test(message.text())) {
      violations.push(`${message.text()} (on ${message.page()?.url() ?? 'a worker'})`);
    }
  });
}

/** One headless Debian Chromium per test file; each test gets a fresh context (no cookies). */
export function setupBrowser() {
  let browser: Browser | undefined;
  const violations: string[] = [];
  afterEach(() => {
    expect(violations.splice(0), 'CSP or Permissions-Policy errors in the browser console').toEqual([]);
  });
  beforeAll(async () => {
    browser = await chromium.launch({
      executablePath: chromiumPath,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--disable-background-networking',
        '--disable-component-update',
        '--no-first-run',
        '--disable-sync',
      ],
    });
  });
  afterAll(async () => {
    await browser?.close();
  });
  return {
    baseUrl: () => inject('baseUrl'),
    async context(options: Parameters<Browser['newContext']>[0] = {}): Promise<BrowserContext> {
      if (!browser) throw new Error('browser not ready');
      const context = await browser.newContext({ baseURL: inject('baseUrl'), ...options });
      await watchPolicies(context, violations);
      return context;
    },
  };
}

/**
 * Collects page errors and console errors for assertions. `expectedFailures` names API paths a test
 * makes fail on purpose (a wrong password): the browser logs every 4xx response as a failed resource.
 */
export function watchErrors(page: Page, expectedFailures: RegExp[] = []): string[] {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(`pageerror: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() !== 'error') return;
    const url = message.location().url;
    if (message.text().startsWith('Failed to load resource')) {
      const path = new URL(url).pathname;
      if (expectedFailures.some((r) => r.test(path))) return;
    }
    errors.push(`console: ${message.text()} (${url})`);
  });
  return errors;
}

/**
 * Signs a demo account in (password `Demo1234!`) with the login page's own call, POST /api/session from the
 * portal's origin, whose cookies land in the context; resolves on the home page, loaded signed in. The login
 * form itself is tested where it is the subject (accounts, return-after-login): rendering and
 * hydrating it for each of the suites' 75 sign-ins cost CI about two seconds apiece.
 */
export async function signIn(context: BrowserContext, email: string, password = 'Demo1234!'): Promise<Page> {
  // Relative, so it goes to the context's own portal (several files start one of their own); a browser's
  // fetch from the page says where it comes from the same way.
  const res = await context.request.post('/api/session', {
    data: { email, password },
    headers: { 'Sec-Fetch-Site': 'same-origin' },
  });
  expect(res.status(), `sign-in of ${email}: ${await res.text()}`).toBe(200);
  const page = await context.newPage();
  await page.goto('/');
  return page;
}

/**
 * A call from inside the page, as its own scripts make them (same origin, the session cookie): a JSON
 * body, or `{ form }` for a multipart one.
 */
export function callFromPage(
  page: Page,
  method: string,
  url: string,
  body?: Record<string, unknown> | { form: Record<string, string> },
): Promise<{ status: number; json: unknown }> {
  return page.evaluate(
    async ({ method, url, body }) => {
      const init: RequestInit = { method };
      if (body && 'form' in body) {
        const form = new FormData();
        for (const [name, value] of Object.entries(body.form as Record<string, string>))
          form.append(name, value);
        init.body = form;
      } else if (body) {
        init.headers = { 'Content-Type': 'application/json' };
        init.body = JSON.stringify(body);
      }
      const res = await fetch(url, init);
      return { status: res.status, json: (res.status === 204 ? null : await res.json()) as unknown };
    },
    { method, url, body },
  );
}

/** Waits until the element's own code has hydrated (parts that load just after the page's first script). */
export async function elementHydrated(target: Locator) {
  await expect
    .poll(() => target.evaluate((el) => Object.keys(el).some((k) => k.startsWith('__reactProps'))), {
      timeout: 30_000,
    })
    .toBe(true);
}

/**
 * Chooses, in an event form, the organiser's first place in `city` (other tests add places of their own, so
 * the first option is not always the demo one), once the form's script can fill the address in from it.
 */
export async function choosePlace(form: Locator, city = 'Gdańsk') {
  const select = form.getByRole('combobox', { name: 'Miejsce', exact: true });
  await elementHydrated(select);
  const value = await select.evaluate(
    (el, suffix) =>
      [...(el as HTMLSelectElement).options].find((o) => o.value && o.text.endsWith(suffix))?.value ?? '',
    `(${city})`,
  );
  expect(value, `a place in ${city}`).not.toBe('');
  await select.selectOption(value);
  await expect.poll(() => form.getByLabel('Miejscowość').inputValue()).toBe(city);
}

/** Clicks once the element's own code has hydrated. */
export async function clickHydrated(target: Locator) {
  await elementHydrated(target);
  await target.click();
}

/** Waits until the page has hydrated: React's handlers are on the root then. */

export async function hydrated(page: Page) {
  await expect
    .poll(() =>
      page.evaluate(() =>
        Object.keys(document.querySelector('body > *') ?? {}).some((k) => k.startsWith('__react')),
      ),
    )
    .toBe(true);
}
