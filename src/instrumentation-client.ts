// Runs in the browser before any page code. The pages' CSP has no 'unsafe-eval' (decision 25): zod
// would compile its object parsers with `new Function`, and even its guarded probe for that is
// reported as a CSP violation. Its interpreter is plenty fast for forms.
//
// zod keeps its configuration in this global object (zod/v4/core `globalConfig`, created only when
// missing). Setting it here instead of calling `config()` keeps zod's core out of the script every page
// loads (5 KB gzip): only pages with a form load zod at all. instrumentation-client.test.ts checks that
// zod reads the setting, whichever loads first.
const key = '__zod_globalConfig';
const scope = globalThis as typeof globalThis & { [key]?: Record<string, unknown> };
const zodConfig = scope[key] ?? {};
zodConfig.jitless = true;
scope[key] = zodConfig;

// A module, not a script: its declarations stay its own.
export {};
