// `npm run lint` step: the served description (/api/docs/json) against Redocly's recommended rules; any
// error fails, warnings are listed (issue 34).
import { buildApi } from '@/api/app';
import { lintDescription } from '@/api/openapi/lint';

const app = await buildApi({ logger: false });
await app.ready();
const problems = await lintDescription(app.swagger());
await app.close();
for (const p of problems) console.log(`${p.severity.padEnd(5)} ${p.rule}: ${p.message} (${p.where})`);
const errors = problems.filter((p) => p.severity === 'error').length;
console.log(
  `OpenAPI description: ${errors} errors, ${problems.length - errors} warnings (Redocly recommended)`,
);
process.exit(errors ? 1 : 0);
