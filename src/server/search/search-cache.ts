import 'server-only';
import { type DbHandle, getDbHandle, onDbWrite, readsFromReplica } from '@/db/client';
import { logger } from '@/server/log';
import { cachedTables } from './cached-tables';

// Searches repeat: the home page's lists, the default /list, a city's concerts this weekend. Their
// answers are kept per process until anything they show changes. A trigger on every table a search
// reads sends NOTIFY portal_search_changed (the list: cached-tables.ts), so a write by any process, or by hand in
// psql, empties the cache of all of them; this process's own writes to those tables empty it at once as
// well, when they start and when their transaction ends, so a client does not see its own write missing.
// Answers also expire after a short time because "upcoming" and "promoted now" move with the clock.

const TTL_MS = 30_000;
const onWrite = (table: string) => {
  if (cachedTables.has(table)) searchDataChanged();
};
const MAX_ENTRIES = 2_000;
// Answers that say their size (feeds of up to 500 events, about 250 KB each) are kept within this many
// bytes in all, so varying a feed's filters cannot fill the memory with 2,000 of them.
const MAX_WEIGHED_BYTES = 32 * 1024 * 1024;
// A replica applies a change a moment after the primary announces it (usually milliseconds); what is read
// there this soon after a change may miss it, so it is answered but not kept.
const REPLICA_SETTLE_MS = 2_000;
const CHANNEL = 'portal_search_changed';

interface Entry {
  value: Promise<unknown>;
  expires: number;
  /** Its size once known, for answers that are weighed. */
  bytes: number;
}

interface CacheState {
  entries: Map<string, Entry>;
  /** The database handle being listened to; another one (tests swap them) starts over. */
  handle?: Promise<DbHandle>;
  /** Only once LISTEN is in place can an answer be kept without missing a change. */
  listening: boolean;
  subscribing?: Promise<void>;
  /** Other caches built on the same data (the page cache), emptied together with this one. */
  followers: Set<() => void>;
  /** When the data last changed (Date.now()). */
  changedAt?: number;
  /** The sum of the kept answers' sizes. */
  bytes?: number;
  /** Searches asked for and those answered from memory, since the process started (for /api/metrics). */
  searches: number;
  hits: number;
}

// On globalThis because Next.js bundles its own copy of this module beside the one the API loads;
// both must share one cache and one listener.
const holder = globalThis as typeof globalThis & { __portalSearchCache?: CacheState };
holder.__portalSearchCache ??= {
  entries: new Map(),
  listening: false,
  followers: new Set(),
  searches: 0,
  hits: 0,
};
const state: CacheState = holder.__portalSearchCache;

/** Forgets every kept answer: the data behind them changed. */
export function searchDataChanged(): void {
  state.changedAt = Date.now();
  state.entries.clear();
  state.bytes = 0;
  for (const follower of state.followers) follower();
}

/** Calls `follower` whenever the cached answers are dropped. */
export function onSearchDataChanged(follower: () => void): void {
  state.followers.add(follower);
}

/**
 * Whether what this request reads now may be kept: always on the primary; on the replica only once the
 * last change has had time to reach it.
 */
export function replicaReadsSettled(): boolean {
  return !readsFromReplica() || Date.now() - (state.changedAt ?? 0) >= REPLICA_SETTLE_MS;
}

/** How many searches were answered from memory and how many ran, since the process started. */
export function searchCacheCounts(): { hits: number; misses: number } {
  return { hits: state.hits, misses: state.searches - state.hits };
}

/** Whether changes are being heard, so that something derived from searches may be kept. */
export function searchCacheIsLive(): boolean {
  return state.listening;
}

function subscribe(handle: Promise<DbHandle>): Promise<void> {
  if (state.handle !== handle) {
    searchDataChanged();
    state.handle = handle;
    state.listening = false;
    state.subscribing = handle
      .then((db) => {
        onDbWrite(onWrite);
        return db.listen(CHANNEL, searchDataChanged, () => {
          // (Re)connected: changes made while disconnected were not heard.
          searchDataChanged();
          if (state.handle === handle) state.listening = true;
        });
      })
      .then(() => undefined)
      .catch((error: unknown) => {
        // Without notifications nothing is cached; searches still answer, only slower.
        logger.error({ err: error }, 'search cache: LISTEN failed, caching is off');
      });
  }
  return state.subscribing ?? Promise.resolve();
}

/**
 * The answer of `load` for `key`, from the cache when an equal search ran since the last change.
 * Concurrent equal searches share one query.
 */
function drop(key: string): void {
  const entry = state.entries.get(key);
  if (!entry) return;
  state.entries.delete(key);
  state.bytes = (state.bytes ?? 0) - entry.bytes;
}

/** Drops the least recently used answers while there are too many or they weigh too much. */
function trim(): void {
  for (const key of state.entries.keys()) {
    if (state.entries.size <= MAX_ENTRIES && (state.bytes ?? 0) <= MAX_WEIGHED_BYTES) return;
    drop(key);
  }
}

/**
 * A kept record's size, about as it sits in memory: its JSON's length in UTF-16 (two bytes a character).
 * Detail records (a place's 100 reviews and 50 events, texts in both languages) are weighed so that a
 * crawler walking every id cannot fill the memory the byte budget guards.
 */
export function weighRecord(value: unknown): number {
  return JSON.stringify(value).length * 2;
}

export async function cachedSearch<T>(
  key: string,
  load: () => Promise<T>,
  /** The answer's size in bytes, for large answers (feeds): they are kept within a byte budget. */
  weigh?: (value: T) => number,
): Promise<T> {
  state.searches++;
  const handle = getDbHandle();
  if (!state.listening || state.handle !== handle) {
    await subscribe(handle);
    if (!state.listening) return load();
  }
  const now = Date.now();
  // Answers read from the replica are kept apart, so that a signed-in caller, who reads from the primary
  // to see their own writes, never gets one.
  const replica = readsFromReplica();
  if (replica) {
    if (!replicaReadsSettled()) return load();
    key = `replica:${key}`;
  }
  const hit = state.entries.get(key);
  if (hit && hit.expires > now) {
    // Re-inserted so that the Map's order is least recently used first.
    state.entries.delete(key);
    state.entries.set(key, hit);
    state.hits++;
    return hit.value as Promise<T>;
  }
  const value = load();
  drop(key);
  const entry: Entry = { value, expires: now + TTL_MS, bytes: 0 };
  state.entries.set(key, entry);
  trim();
  // A change while loading clears the map, so an answer that may miss it is not kept.
  return value.then(
    (answer) => {
      if (weigh && state.entries.get(key) === entry) {
        entry.bytes = weigh(answer);
        state.bytes = (state.bytes ?? 0) + entry.bytes;
        trim();
      }
      return answer;
    },
    (error: unknown) => {
      if (state.entries.get(key) === entry) drop(key);
      throw error;
    },
  );
}
