import 'server-only';
import { availableParallelism } from 'node:os';
import { AppError } from '@/server/errors';
import { RateLimitedError } from '@/server/rate-limit';

/**
 * Runs CPU-heavy password work (scrypt) a few jobs at a time, by priority and fairly between callers.
 *
 * Each scrypt call holds a libuv thread and a core for about 0.3 s. Unbounded, 30 connections of bogus
 * password resets filled the four-thread pool, so file reads queued behind them and a correct sign-in
 * took 13 s. Here:
 * - at most `concurrency` hashes run at once, so the other pool threads stay free for file and DNS
 *   work and the event loop keeps a core; one more slot is kept for urgent jobs;
 * - an urgent job (a sign-in from an address without recent wrong passwords, one per address at a
 *   time) goes before any other and may take the kept slot, so a sign-in waits for its own hash, not
 *   for the one in progress nor a flood of sign-ups or guesses;
 * - within a priority, the lane (client address) served longest ago goes first, remembered across
 *   requests, and a lane runs one hash at a time;
 * - a lane, or the whole queue, that is too long is refused at once instead of growing without bound.
 */
export interface HashQueueOptions {
  /** Hashes running at once; urgent jobs may run one more. */
  concurrency: number;
  /** Jobs one lane may have waiting; more are refused with a 429. */
  maxPerLane: number;
  /** Jobs waiting in all lanes together; more are refused with a 503. */
  maxPending: number;
}

interface Job {
  run: () => Promise<unknown>;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}

interface Lane {
  key: string;
  name: string;
  urgent: boolean;
  jobs: Job[];
  running: number;
}

// How many lanes' last turn is remembered: enough for every address active in the last minutes.
const historySize = 10_000;

export class HashQueue {
  private readonly lanes = new Map<string, Lane>();
  private readonly lastServed = new Map<string, number>();
  private running = 0;
  private runningNormal = 0;
  private pending = 0;
  private pendingUrgent = 0;
  private tick = 0;

  constructor(private readonly options: HashQueueOptions) {}

  /** Jobs waiting (not yet running). */
  get size(): number {
    return this.pending;
  }

  run<T>(name: string, work: () => Promise<T>, options: { urgent?: boolean } = {}): Promise<T> {
    // One urgent job per lane at a time: a burst from one address queues behind everybody's sign-ins.
    const urgentLane = this.lanes.get(`u:${name}`);
    const urgent = options.urgent === true && !urgentLane;
    const key = `${urgent ? 'u' : 'n'}:${name}`;
    const existing = this.lanes.get(key);
    if (existing && existing.jobs.length >= this.options.maxPerLane) {
      return Promise.reject(new RateLimitedError(5));
    }
    // Urgent and other jobs are capped apart, so a queue full of floods still takes a clean sign-in.
    const waitingOfKind = urgent ? this.pendingUrgent : this.pending - this.pendingUrgent;
    if (waitingOfKind >= this.options.maxPending) {
      return Promise.reject(new AppError('unavailable', 'api.unavailable'));
    }
    return new Promise<T>((resolve, reject) => {
      const lane = existing ?? { key, name, urgent, jobs: [], running: 0 };
      lane.jobs.push({ run: work, resolve: resolve as (value: unknown) => void, reject });
      if (!existing) this.lanes.set(key, lane);
      this.pending++;
      if (urgent) this.pendingUrgent++;
      this.next();
    });
  }

  private pick(normalAllowed: boolean): Lane | undefined {
    let chosen: Lane | undefined;
    let chosenServed = 0;
    for (const lane of this.lanes.values()) {
      if (lane.running > 0 || lane.jobs.length === 0 || (!lane.urgent && !normalAllowed)) continue;
      const served = this.lastServed.get(lane.name) ?? 0;
      const better =
        !chosen ||
        (lane.urgent && !chosen.urgent) ||
        (lane.urgent === chosen.urgent && served < chosenServed);
      if (better) {
        chosen = lane;
        chosenServed = served;
      }
    }
    return chosen;
  }

  private next(): void {
    while (this.running <= this.options.concurrency && this.pending > 0) {
      const lane = this.pick(this.runningNormal < this.options.concurrency);
      const job = lane?.jobs.shift();
      if (!lane || !job) return;
      this.lastServed.delete(lane.name);
      this.lastServed.set(lane.name, ++this.tick);
      if (this.lastServed.size > historySize) {
        const oldest = this.lastServed.keys().next().value;
        if (oldest !== undefined) this.lastServed.delete(oldest);
      }
      lane.running++;
      this.pending--;
      if (lane.urgent) this.pendingUrgent--;
      this.running++;
      if (!lane.urgent) this.runningNormal++;
      // Started from a promise, so a job that throws at once still frees its slot.
      Promise.resolve()
        .then(job.run)
        .then(job.resolve, job.reject)
        .finally(() => {
          lane.running--;
          this.running--;
          if (!lane.urgent) this.runningNormal--;
          if (lane.running === 0 && lane.jobs.length === 0) this.lanes.delete(lane.key);
          this.next();
        });
    }
  }
}

// One hash at a time (and an urgent one beside it) on two cores or fewer, where the event loop needs
// the other core; two on bigger machines. libuv's pool has four threads, so at least one stays free
// for file reads. Four waiting per address cover a household behind one NAT.
export const passwordQueue = new HashQueue({
  concurrency: availableParallelism() > 2 ? 2 : 1,
  maxPerLane: 4,
  maxPending: 64,
});
