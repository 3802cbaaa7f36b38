import 'server-only';
import { getRedis } from '@/server/redis';

// Issue 26 item 15: the streams one person may hold were counted per process, so N processes let one
// token hold N times the limit. With Redis each user's open streams are a sorted set of stream ids
// scored by when they lapse: every process renews its own at each keep-alive, so the streams of a
// process that died lapse within `ttlMs`. While Redis is away each process counts alone, as the rate
// limits do (src/server/rate-limit.ts).

const key = (userId: number) => `portal:live:streams:${userId}`;

// In one step, so two processes cannot both take the last slot: drop the user's lapsed streams, then add
// this one unless they hold the limit already. KEYS[1] the user's set; ARGV now, lapse time, limit, id, ttl.
const takeScript = `
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', ARGV[1])
if redis.call('ZCARD', KEYS[1]) >= tonumber(ARGV[3]) then return 0 end
redis.call('ZADD', KEYS[1], ARGV[2], ARGV[4])
redis.call('PEXPIRE', KEYS[1], ARGV[5])
return 1`;

export interface HeldStream {
  userId: number;
  streamId: string;
}

export interface StreamSlots {
  /** Takes a slot for the stream; `heldHere` is what this process holds of the user's, for when Redis is away. */
  take(stream: HeldStream, heldHere: number): Promise<boolean>;
  release(stream: HeldStream): void;
  /** Renews this process's streams (and writes them again into a Redis that restarted empty). */
  renew(streams: HeldStream[]): Promise<void>;
}

export function createStreamSlots({ maxPerUser, ttlMs }: { maxPerUser: number; ttlMs: number }): StreamSlots {
  return {
    async take({ userId, streamId }, heldHere) {
      const redis = getRedis();
      if (redis) {
        try {
          const now = Date.now();
          const taken = await redis.eval(
            takeScript,
            1,
            key(userId),
            now,
            now + ttlMs,
            maxPerUser,
            streamId,
            ttlMs,
          );
          return taken === 1;
        } catch {
          // Redis away (the client fails at once, without an offline queue): this process counts alone.
        }
      }
      return heldHere < maxPerUser;
    },
    release({ userId, streamId }) {
      getRedis()
        ?.zrem(key(userId), streamId)
        .catch(() => {});
    },
    async renew(streams) {
      const redis = getRedis();
      if (!redis || streams.length === 0) return;
      const lapse = Date.now() + ttlMs;
      const pipeline = redis.pipeline();
      for (const { userId, streamId } of streams) {
        pipeline.zadd(key(userId), lapse, streamId);
        pipeline.pexpire(key(userId), ttlMs);
      }
      await pipeline.exec().catch(() => {});
    },
  };
}
