import { AsyncLocalStorage } from 'node:async_hooks';
import pino, { type Logger } from 'pino';

// One logger for the whole process (issue 35): the API's request logs (Fastify is handed this instance),
// the pages', the jobs' and the domain's, as JSON lines on stdout. A line written while a request is being
// served carries its id (`reqId`, as Fastify's own lines do), so a domain failure can be traced to it.

interface LogScope {
  reqId: string;
}

// The level is read from the environment here, not through getConfig(): this module loads before anything
// else and must not freeze the configuration before a test or a script has set it. A value the configuration
// would refuse is refused there, at start-up; here it falls back to info.
function levelFromEnvironment(): pino.LevelWithSilent {
  const level = process.env.LOG_LEVEL;
  return level && (level === 'silent' || level in pino.levels.values)
    ? (level as pino.LevelWithSilent)
    : 'info';
}

function createLogger() {
  const scope = new AsyncLocalStorage<LogScope>();
  const logger = pino({
    level: levelFromEnvironment(),
    mixin: () => {
      const current = scope.getStore();
      return current ? { reqId: current.reqId } : {};
    },
  });
  return { logger, scope };
}

// On globalThis: Next.js bundles its own copy of this module beside the one server.ts loads, and both
// must write through one instance.
const holder = globalThis as typeof globalThis & {
  __portalLog?: ReturnType<typeof createLogger>;
};
holder.__portalLog ??= createLogger();
const { scope } = holder.__portalLog;

export const logger: Logger = holder.__portalLog.logger;

/**
 * The process's start-up and shutdown steps ("Ready on …", "Closed cleanly."): said at info whatever level
 * LOG_LEVEL sets for the rest (an operator who keeps only warnings still sees the process come and go, as
 * scripts waiting for it do); only `silent` silences them.
 */
export const lifecycle: Logger = logger.child({}, { level: logger.level === 'silent' ? 'silent' : 'info' });

/** Runs `run` (a request) with its id on every line logged inside it. */
export function withRequestLog<T>(reqId: string, run: () => T): T {
  return scope.run({ reqId }, run);
}
