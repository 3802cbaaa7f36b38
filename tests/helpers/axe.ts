import axe from 'axe-core';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';

/** WCAG 2.1 A and AA plus axe's best practices: what Lighthouse's accessibility audit checks and more. */
export const axeTags = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'];

type AxeWindow = Window & { axe?: typeof axe };

/**
 * axe-core's own script, once per document and frame: @axe-core/playwright injected it again on every
 * run and finished each run in a new blank page, 4 to 6 times the time of the check itself (bench figures
 * in decision 69). Frames get it too, so axe.run checks inside them as it does in the page.
 */
async function injectAxe(page: Page) {
  await Promise.all(
    page.frames().map(async (frame) => {
      const present = await frame.evaluate(() => Boolean((window as AxeWindow).axe)).catch(() => true);
      if (!present) await frame.evaluate(axe.source);
    }),
  );
}

/**
 * Runs axe-core on the page as it stands and fails with one line per offending node: rule id, impact,
 * target selectors, page URL and `label` (what the test was looking at). `include` limits the run to
 * part of the page, an open dialog say, once the page around it has passed.
 */
export async function expectNoAxeViolations(
  page: Page,
  context: { include?: string; label?: string } = {},
): Promise<void> {
  // A page refreshed in place (router.refresh after a delete, a soft navigation) puts its <title> back a
  // moment after the body: check the whole page once it has one, as a visitor would see it.
  if (!context.include)
    await expect
      .poll(() => page.evaluate(() => Boolean(document.querySelector('title')?.textContent)), {
        message: 'the page has a <title>',
      })
      .toBe(true);
  await injectAxe(page);
  // Only violations are read: axe keeps one node per passed rule instead of every one it checked.
  const results = await page.evaluate(
    ({ include, tags }) => {
      const injected = (window as AxeWindow).axe;
      if (!injected) throw new Error('axe-core is not in the page');
      return injected.run(include ? { include: [include] } : document, {
        resultTypes: ['violations'],
        runOnly: { type: 'tag', values: tags },
      });
    },
    { include: context.include, tags: axeTags },
  );
  const where = context.label ? ` [${context.label}]` : '';
  const lines = results.violations.flatMap((violation) =>
    violation.nodes.map(
      (node) =>
        `${violation.id} (${violation.impact ?? 'unknown'}): ${node.target.map(String).join(' ')} on ${page.url()}${where} - ${violation.help}`,
    ),
  );
  expect(lines, `axe violations${where}`).toEqual([]);
}
