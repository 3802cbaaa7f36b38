import 'server-only';
import { AsyncLocalStorage } from 'node:async_hooks';
import {
  type RateLimiterAbstract,
  RateLimiterMemory,
  RateLimiterRedis,
  RateLimiterRes,
} from 'rate-limiter-flexible';
import { AppError } from './errors';
import { getRedis } from './redis';

// One library for every limit (DESIGN.md). Memory by default: a single process holds all state. With
// REDIS_URL every process counts in Redis, so a limit holds across all of them; while Redis is away each
// process falls back to counting in its own memory (the library's insurance limiter), never failing.
interface Rule {
  points: number;
  duration: number;
  blockDuration: number;
}
const make = (points: number, seconds: number, blockSeconds = 0): Rule => ({
  points,
  duration: seconds,
  blockDuration: blockSeconds,
});

const limiters = {
  /**
   * Wrong passwords for one account from one address (cleared by a success from there): a typo-prone
   * owner or a guesser at one address is stopped without locking the owner out everywhere else.
   */
  loginFailuresByAccountAddress: () => make(10, 15 * 60, 15 * 60),
  /**
   * Wrong passwords for one account from browsers it does not know, all addresses together: counted,
   * never blocking by itself. Past a threshold each one pauses the account's unknown browsers for a few
   * seconds (auth/login-throttle.ts), so a botnet is slowed and the owner never locked. A reset clears it.
   */
  loginFailuresByAccount: () => make(1_000_000, 60 * 60),
  /** The pause set by `pause()` after such a failure: seconds, never the hour-long lock of issue 26. */
  loginPauseByAccount: () => make(1, 60),
  /**
   * Wrong passwords from a browser that signed in to the account before (its device cookie): the one
   * counter such a browser meets, so the owner's typos lock only the owner's browser, briefly.
   */
  loginFailuresByDevice: () => make(10, 15 * 60, 15 * 60),
  /**
   * Wrong current passwords typed in the profile (password or e-mail change), per account: apart from
   * sign-in, so a session thief guessing there cannot lock the owner out of signing in.
   */
  currentPasswordFailuresByAccount: () => make(10, 60 * 60),
  /**
   * Sign-in attempts of an address that did not succeed: each one costs a password hash. Every attempt
   * takes a point before its hash and a right password gives it back, so the people behind one address
   * (a school, an office, a mobile network's shared address) do not use up each other's sign-ins.
   */
  loginByIp: () => make(100, 15 * 60),
  /**
   * Right passwords from one address: far more than the people behind one address sign in, yet it bounds
   * the hashes an account holder can make the server spend by signing in in a loop.
   */
  loginSuccessesByIp: () => make(300, 15 * 60),
  /**
   * Wrong passwords from an address, counted, never blocking: an address without any has its sign-ins
   * hashed first (auth/hash-queue.ts), so a guesser's flood does not delay everybody else's.
   */
  loginFailuresByIp: () => make(1_000_000, 60 * 60),
  registerByIp: () => make(20, 60 * 60),
  /** Sign-ups with one address: each one mails its owner, so this bounds the mails too. */
  registerByEmail: () => make(5, 60 * 60),
  resetByIp: () => make(20, 60 * 60),
  resetByEmail: () => make(10, 60 * 60),
  /** Messages one person sends (spec §7 POST /api/message): a conversation, not a flood. */
  messagesBySender: () => make(10, 60),
  mailByIp: () => make(20, 60 * 60),
  /** Orders one company starts (each one calls the payment provider): a shopper, not a script. */
  ordersByCompany: () => make(30, 60 * 60),
  mailByEmail: () => make(5, 60 * 60),
  /**
   * Share previews drawn for one address (each costs about 0.1 s of CPU; a kept one costs nothing): link
   * previews fetch a few, a script walking every event is slowed to one a second.
   */
  ogRendersByIp: () => make(60, 60),
  /**
   * Sitemap parts read for one address (a part of 50,000 addresses costs up to a second of CPU): a crawler
   * reads a handful a day, a loop is stopped.
   */
  sitemapPartsByIp: () => make(30, 60),
  /** Reports one person files (issue 14): enough for a bad day, not for flooding the moderators. */
  reportsByUser: () => make(20, 60 * 60),
  /**
   * Issue 33: registrations, cancellations and offers taken by one attendee: each sends a mail, so a loop of
   * register and cancel could fill someone's mailbox (their own) and the outbox (everyone's).
   */
  registrationsByUser: () => make(30, 60 * 60),
  /** Manual runs of calendar imports by one company (issue 17): each fetches a URL; the job runs hourly anyway. */
  importRunsByCompany: () => make(10, 60 * 60),
  /**
   * Event saves (create or edit) by one company: a series' rule is expanded on each save (up to about
   * a quarter of a second of CPU for a rule that rarely matches), so a loop of saves is stopped.
   */
  eventSavesByCompany: () => make(120, 10 * 60),
  /**
   * Issue 28: statistics beacons from one address (a page sends one or two; a script looping is
   * stopped at two a second).
   */
  statBeaconsByIp: () => make(120, 60),
  /**
   * Issue 28: cookie visitors one address adds to one measure of one event or place a day. A visitor
   * id is a cookie, and a script that drops its cookies is a new visitor every time; a household or an
   * office behind one router still counts in full.
   */
  statVisitorsByAddress: () => make(10, 24 * 60 * 60),
  /**
   * First times remembered for one address a day, over every event, place and measure: a loop over ids
   * would otherwise fill the memory of first times (stats/seen.ts), whose cap then counts nobody new.
   * Far above what the people behind one address see in a day.
   */
  statFirstTimesByAddress: () => make(3000, 24 * 60 * 60),
};

type LimiterName = keyof typeof limiters;

// On globalThis: Next.js bundles its own copy of this module beside server.ts's, and both must count in
// one place when there is no Redis.
const holder = globalThis as typeof globalThis & {
  __portalRateLimiters?: Map<LimiterName, RateLimiterAbstract>;
};
holder.__portalRateLimiters ??= new Map();
const instances = holder.__portalRateLimiters;

function create(name: LimiterName): RateLimiterAbstract {
  const rule = limiters[name]();
  const memory = new RateLimiterMemory(rule);
  const redis = getRedis();
  if (!redis) return memory;
  return new RateLimiterRedis({
    ...rule,
    storeClient: redis,
    keyPrefix: `portal:limit:${name}`,
    // A command to an absent Redis fails at once (the client keeps no offline queue) and this process's
    // memory counts instead until Redis answers again.
    rejectIfRedisNotReady: true,
    insuranceLimiter: memory,
  });
}

function limiter(name: LimiterName): RateLimiterAbstract {
  let instance = instances.get(name);
  if (!instance) {
    instance = create(name);
    instances.set(name, instance);
  }
  return instance;
}

export class RateLimitedError extends AppError {
  constructor(
    readonly retryAfterSeconds: number,
    messageKey = 'api.too_many',
  ) {
    super('limit_exceeded', messageKey, undefined, {
      seconds: retryAfterSeconds,
      minutes: Math.ceil(retryAfterSeconds / 60),
    });
  }
}

/** The limit a request came closest to, for its `RateLimit-*` headers (issue 34). */
export interface LimitSeen {
  limit: number;
  remaining: number;
  /** Seconds until the window starts again. */
  reset: number;
  /** The window, in seconds. */
  window: number;
}

/**
 * The limits one request meets: the API runs each request in a scope (`rateLimitScope.run`), `hit` writes the
 * tightest limit it counted there, and the API sends it in the answer's headers.
 */
export const rateLimitScope = new AsyncLocalStorage<{ seen: LimitSeen | null }>();

function remember(name: LimiterName, remaining: number, msBeforeNext: number) {
  const scope = rateLimitScope.getStore();
  if (!scope) return;
  const rule = limiters[name]();
  const seen: LimitSeen = {
    limit: rule.points,
    remaining: Math.max(0, remaining),
    reset: Math.max(0, Math.ceil(msBeforeNext / 1000)),
    window: rule.duration,
  };
  if (!scope.seen || seen.remaining < scope.seen.remaining) scope.seen = seen;
}

/**
 * Counts one attempt and answers the points used so far; past the limit throws a 429 error saying when
 * to come back.
 */
export async function hit(name: LimiterName, key: string): Promise<number> {
  try {
    const counted = await limiter(name).consume(key);
    remember(name, counted.remainingPoints, counted.msBeforeNext);
    return counted.consumedPoints;
  } catch (error) {
    if (error instanceof RateLimiterRes) {
      remember(name, 0, error.msBeforeNext);
      throw new RateLimitedError(Math.ceil(error.msBeforeNext / 1000));
    }
    throw error;
  }
}

/** Counts one attempt if the key has points left: false, and nothing counted, once they are used up. */
export async function tryConsume(name: LimiterName, key: string): Promise<boolean> {
  try {
    await limiter(name).consume(key);
    return true;
  } catch (error) {
    if (error instanceof RateLimiterRes) return false;
    throw error;
  }
}

/** True when the key has used up its points (checked before the expensive or revealing work). */
export async function isLimited(name: LimiterName, key: string): Promise<number | null> {
  const state = await limiter(name).get(key);
  if (!state) return null;
  const points = limiter(name).points;
  return state.consumedPoints >= points ? Math.max(1, Math.ceil(state.msBeforeNext / 1000)) : null;
}

/** Points used by the key in the current window (0 when none). */
export async function usedPoints(name: LimiterName, key: string): Promise<number> {
  return (await limiter(name).get(key))?.consumedPoints ?? 0;
}

/** Refuses the key for the next `seconds` (isLimited answers how long is left), whatever it used. */
export async function pause(name: LimiterName, key: string, seconds: number): Promise<void> {
  await limiter(name).block(key, seconds);
}

/** Gives back one point the key used (an attempt that turned out not to be what the limit is for). */
export async function refund(name: LimiterName, key: string): Promise<void> {
  await limiter(name).reward(key, 1);
}

export async function clearLimit(name: LimiterName, key: string): Promise<void> {
  await limiter(name).delete(key);
}

/**
 * Tests start each case with empty counters (in memory; shared counters in Redis are keyed by what the
 * test sends, so a test that uses Redis picks keys of its own).
 */
export function resetRateLimits(): void {
  instances.clear();
}
