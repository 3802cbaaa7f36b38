import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';

/** WCAG 2.1 A and AA plus axe's best practices: what Lighthouse's accessibility audit checks and more. */
export const axeTags = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'];

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
  const builder = new AxeBuilder({ page }).withTags(axeTags);
  if (context.include) builder.include(context.include);
  const results = await builder.analyze();
  const where = context.label ? ` [${context.label}]` : '';
  const lines = results.violations.flatMap((violation) =>
    violation.nodes.map(
      (node) =>
        `${violation.id} (${violation.impact ?? 'unknown'}): ${node.target.map(String).join(' ')} on ${page.url()}${where} - ${violation.help}`,
    ),
  );
  expect(lines, `axe violations${where}`).toEqual([]);
}
