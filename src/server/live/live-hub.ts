import 'server-only';
import { randomUUID } from 'node:crypto';
import { and, gt, inArray, isNull } from 'drizzle-orm';
import { type DbHandle, getDb } from '@/db/client';
import { accessTokens } from '@/db/schema';
import type { LiveCounts } from '@/lib/schemas/live';
import type { AuthUser } from '@/server/auth/access-tokens';
import { AppError } from '@/server/errors';
import { logger } from '@/server/log';
import { liveChannel } from './announce';
import { getLiveCounts } from './live-counts';
import { createStreamSlots } from './stream-slots';

/** One open stream: where its events go, and the session it was opened with. */
export interface LiveStream {
  /** `accessTokenId` is the session's, checked again at each keep-alive. */
  user: Pick<AuthUser, 'id' | 'role' | 'accessTokenId'>;
  write(chunk: string): void;
  end(): void;
}

export interface LiveHubOptions {
  /** A comment line this often keeps proxies from closing an idle stream; the session is checked then too. */
  keepAliveMs?: number;
  /**
   * Tabs of one person, across every process (in Redis when configured); more are refused rather than
   * letting one account hold the portal's sockets.
   */
  maxStreamsPerUser?: number;
  maxStreams?: number;
}

export interface LiveHub {
  /** Adds the stream and sends it the current counts; throws limit_exceeded when full. */
  open(stream: LiveStream): Promise<void>;
  close(stream: LiveStream): void;
  /** Ends every stream and stops listening (the server is closing). */
  stop(): Promise<void>;
}

// A browser reconnects this long after a stream ends (logout, restart, a dropped connection).
const retryMs = 5_000;
const event = (counts: LiveCounts) => `data: ${JSON.stringify(counts)}\n\n`;

/** Which of these access tokens are neither revoked nor expired: one query for all the open streams. */
async function liveTokens(ids: number[]): Promise<Set<number>> {
  const db = await getDb();
  const rows = await db
    .select({ id: accessTokens.id })
    .from(accessTokens)
    .where(
      and(
        inArray(accessTokens.id, [...new Set(ids)]),
        isNull(accessTokens.revokedAt),
        gt(accessTokens.expiresAt, new Date()),
      ),
    );
  return new Set(rows.map((r) => r.id));
}

interface Entry {
  stream: LiveStream;
  /** Its name among every process's streams of the user (stream-slots.ts). */
  streamId: string;
  last?: string;
}

/**
 * The streams of this process, fed by one LISTEN: a NOTIFY carries the id of a user whose counts may
 * have changed (sent by whichever process wrote), and only that user's streams are counted again.
 */
export function createLiveHub(handle: Promise<DbHandle>, options: LiveHubOptions = {}): LiveHub {
  const { keepAliveMs = 25_000, maxStreamsPerUser = 5, maxStreams = 2_000 } = options;
  const byUser = new Map<number, Set<Entry>>();
  const entries = new Map<LiveStream, Entry>();
  // Renewed at each keep-alive: a slot outlives a missed renewal or two, not a process that died.
  const slots = createStreamSlots({ maxPerUser: maxStreamsPerUser, ttlMs: 3 * keepAliveMs });
  const hubId = randomUUID();
  let opened = 0;
  // Opens of a user waiting for their slot: counted with the open ones while Redis is away.
  const taking = new Map<number, number>();
  const addTaking = (userId: number, delta: number) => {
    const n = (taking.get(userId) ?? 0) + delta;
    if (n > 0) taking.set(userId, n);
    else taking.delete(userId);
  };
  // One count per user at a time; a change heard meanwhile asks for one more pass after it.
  const counting = new Map<number, Promise<void>>();
  const again = new Set<number>();
  let unlisten: Promise<() => Promise<void>> | undefined;
  let timer: NodeJS.Timeout | undefined;

  const send = (entry: Entry, counts: LiveCounts) => {
    const chunk = event(counts);
    if (chunk === entry.last) return;
    entry.last = chunk;
    entry.stream.write(chunk);
  };

  const recount = (userId: number): Promise<void> => {
    const running = counting.get(userId);
    if (running) {
      again.add(userId);
      return running;
    }
    const run = (async () => {
      try {
        const streams = byUser.get(userId);
        const first = streams?.values().next().value;
        if (!first) return;
        const counts = await getLiveCounts({ user: first.stream.user });
        for (const entry of byUser.get(userId) ?? []) send(entry, counts);
      } catch (error) {
        logger.error({ err: error, userId }, 'live counts: counting failed');
      } finally {
        counting.delete(userId);
        if (again.delete(userId)) void recount(userId);
      }
    })();
    counting.set(userId, run);
    return run;
  };

  const close = (stream: LiveStream) => {
    const entry = entries.get(stream);
    if (!entry) return;
    entries.delete(stream);
    slots.release({ userId: stream.user.id, streamId: entry.streamId });
    const streams = byUser.get(stream.user.id);
    streams?.delete(entry);
    if (streams?.size === 0) byUser.delete(stream.user.id);
    stream.end();
  };

  // A revoked or expired session (logout, a password change, a refreshed cookie) ends its streams
  // within one interval; the browser reconnects with whatever session it has then.
  const keepAlive = async () => {
    const streams = [...entries.keys()];
    if (streams.length === 0) return;
    await slots.renew([...entries.values()].map((e) => ({ userId: e.stream.user.id, streamId: e.streamId })));
    const live = await liveTokens(streams.map((s) => s.user.accessTokenId)).catch(() => null);
    for (const stream of streams) {
      if (live && !live.has(stream.user.accessTokenId)) close(stream);
      else if (entries.has(stream)) stream.write(': keep-alive\n\n');
    }
  };

  const startListening = () => {
    unlisten ??= handle.then((db) =>
      db.listen(
        liveChannel,
        (payload) => {
          const userId = Number(payload);
          if (byUser.has(userId)) void recount(userId);
        },
        // (Re)connected: whatever changed while disconnected was not heard.
        () => {
          for (const userId of byUser.keys()) void recount(userId);
        },
      ),
    );
    timer ??= setInterval(() => void keepAlive(), keepAliveMs);
    timer.unref();
    return unlisten;
  };

  return {
    async open(stream) {
      await startListening();
      const userId = stream.user.id;
      const tooMany = () =>
        new AppError('limit_exceeded', 'api.too_many', undefined, { seconds: retryMs / 1000 });
      if (entries.size >= maxStreams) throw tooMany();
      const entry: Entry = { stream, streamId: `${hubId}:${++opened}` };
      const heldHere = (byUser.get(userId)?.size ?? 0) + (taking.get(userId) ?? 0);
      addTaking(userId, 1);
      const taken = await slots
        .take({ userId, streamId: entry.streamId }, heldHere)
        .finally(() => addTaking(userId, -1));
      if (!taken) throw tooMany();
      const streams = byUser.get(userId) ?? new Set<Entry>();
      entries.set(stream, entry);
      streams.add(entry);
      byUser.set(stream.user.id, streams);
      stream.write(`retry: ${retryMs}\n\n`);
      await recount(stream.user.id);
      // Counted while another count of the same user ran: this stream has nothing yet.
      if (entries.has(stream) && !entry.last) await recount(stream.user.id);
    },
    close,
    async stop() {
      if (timer) clearInterval(timer);
      timer = undefined;
      for (const stream of [...entries.keys()]) close(stream);
      const stopListening = unlisten;
      unlisten = undefined;
      if (stopListening) await (await stopListening)().catch(() => {});
    },
  };
}
