import { config } from 'zod/v4/core';

// Runs in the browser before any page code. The pages' CSP has no 'unsafe-eval' (decision 25): zod
// would compile its object parsers with `new Function`, and even its guarded probe for that is
// reported as a CSP violation. Its interpreter is plenty fast for forms.
config({ jitless: true });
