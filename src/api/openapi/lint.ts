import { createConfig, lintFromString } from '@redocly/openapi-core';

export interface LintProblem {
  rule: string;
  severity: 'error' | 'warn';
  message: string;
  where: string;
}

/** Redocly's recommended rules on a description, as `@redocly/cli lint` runs them. */
export async function lintDescription(document: unknown): Promise<LintProblem[]> {
  const config = await createConfig({ extends: ['recommended'] });
  const problems = await lintFromString({
    source: JSON.stringify(document),
    absoluteRef: '/api/docs/json',
    config,
  });
  return problems.map((p) => ({
    rule: p.ruleId,
    severity: p.severity === 'error' ? 'error' : 'warn',
    message: p.message,
    where: p.location[0]?.pointer ?? '',
  }));
}
