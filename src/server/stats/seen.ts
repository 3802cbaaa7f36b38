import 'server-only';
import { createHash } from 'node:crypto';
import { logger } from '@/server/log';
import { getRedis } from '@/server/redis';

// Issue 28: "once per visitor and day" needs to remember, for a day, who was already counted. Not in the
// database, which keeps only counts: in Redis when it is configured (so that several processes agree),
// else in this process's memory. Either way the key is a hash, so neither holds a visitor id as such,
// and it is forgotten two days later.

const ttlSeconds = 2 * 24 * 60 * 60;
/** Above this many keys a day, this process stops remembering and counts no more first times. */
export const memorySeenCap = 1_000_000;

function digest(key: string): string {
  return createHash('sha256').update(key).digest('base64url').slice(0, 22);
}

interface MemoryState {
  days: Map<string, Set<string>>;
  warned: boolean;
}
const holder = globalThis as typeof globalThis & { __portalStatsSeen?: MemoryState };
holder.__portalStatsSeen ??= { days: new Map(), warned: false };
const memory = holder.__portalStatsSeen;

function claimInMemory(day: string, hash: string): boolean {
  let seen = memory.days.get(day);
  if (!seen) {
    seen = new Set();
    memory.days.set(day, seen);
    // Only today and yesterday can still be counted (a page open over midnight).
    for (const old of [...memory.days.keys()].sort().slice(0, -2)) memory.days.delete(old);
  }
  if (seen.has(hash)) return false;
  if (seen.size >= memorySeenCap) {
    if (!memory.warned) logger.warn(`statistics: over ${memorySeenCap} visitors today; set REDIS_URL`);
    memory.warned = true;
    return false;
  }
  seen.add(hash);
  return true;
}

/**
 * True the first time `key` is claimed on `day` (a Warsaw day, YYYY-MM-DD), false after. With Redis
 * down, this process's memory answers, as the rate limits do.
 */
export async function claimFirst(day: string, key: string): Promise<boolean> {
  const hash = digest(`${day}|${key}`);
  const redis = getRedis();
  if (redis) {
    try {
      return (await redis.set(`stats:seen:${hash}`, '1', 'EX', ttlSeconds, 'NX')) === 'OK';
    } catch {
      // fall through to memory
    }
  }
  return claimInMemory(day, hash);
}

/** Tests: how many first times this process's memory holds (today's and yesterday's). */
export function rememberedInMemory(): number {
  let n = 0;
  for (const day of memory.days.values()) n += day.size;
  return n;
}

/** Tests: forget every visitor this process remembers. */
export function forgetSeen(): void {
  memory.days.clear();
  memory.warned = false;
}
