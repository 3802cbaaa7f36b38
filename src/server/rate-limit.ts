import { RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible';
import { AppError } from './errors';

// One library for every limit (DESIGN.md). Memory by default: a single process holds all state;
// several processes behind a balancer need the Redis store of the same library.
const make = (points: number, seconds: number, blockSeconds = 0) =>
  new RateLimiterMemory({ points, duration: seconds, blockDuration: blockSeconds });

const limiters = {
  /** Wrong passwords in a row for one account (cleared by a success). */
  loginFailures: () => make(10, 15 * 60, 15 * 60),
  loginByIp: () => make(100, 15 * 60),
  registerByIp: () => make(20, 60 * 60),
  mailByIp: () => make(20, 60 * 60),
  mailByEmail: () => make(5, 60 * 60),
};

type LimiterName = keyof typeof limiters;
const instances = new Map<LimiterName, RateLimiterMemory>();

function limiter(name: LimiterName): RateLimiterMemory {
  let instance = instances.get(name);
  if (!instance) {
    instance = limiters[name]();
    instances.set(name, instance);
  }
  return instance;
}

export class RateLimitedError extends AppError {
  constructor(readonly retryAfterSeconds: number) {
    super('limit_exceeded', 'api.too_many', undefined, { seconds: retryAfterSeconds });
  }
}

/** Counts one attempt; past the limit throws a 429 error saying when to come back. */
export async function hit(name: LimiterName, key: string): Promise<void> {
  try {
    await limiter(name).consume(key);
  } catch (error) {
    if (error instanceof RateLimiterRes) throw new RateLimitedError(Math.ceil(error.msBeforeNext / 1000));
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

export async function clearLimit(name: LimiterName, key: string): Promise<void> {
  await limiter(name).delete(key);
}

/** Tests start each case with empty counters. */
export function resetRateLimits(): void {
  instances.clear();
}
