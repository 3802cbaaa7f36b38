import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, expect, inject } from 'vitest';

export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

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

// Links in the top bar and on pages lead to a page that later work builds (premium). Next.js
// prefetches it and logs its 404 as a failed resource; that is the only console error tolerated
// here, and only for that route.
const laterRoutes = /\/premium(\?|$)/;

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
      if (laterRoutes.test(path + (url.includes('?') ? '?' : ''))) return;
      if (expectedFailures.some((r) => r.test(path))) return;
    }
    errors.push(`console: ${message.text()} (${url})`);
  });
  return errors;
}
