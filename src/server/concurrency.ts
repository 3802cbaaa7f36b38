import { AppError } from './errors';

export interface Queue {
  /** Runs `task` when one of the queue's slots is free; tasks start in the order they came. */
  run<T>(task: () => Promise<T>): Promise<T>;
  /** Tasks running and waiting. */
  readonly size: number;
}

/**
 * A first-come-first-served limit on how many expensive tasks (decoding an image, hashing a password)
 * run at once, so that a burst of them queues instead of taking all memory or every thread. With
 * `maxWaiting`, a task arriving at a full queue is refused at once with a 503 rather than waiting.
 */
export function createQueue({
  concurrency,
  maxWaiting = Number.POSITIVE_INFINITY,
}: {
  concurrency: number;
  maxWaiting?: number;
}): Queue {
  let running = 0;
  const waiting: (() => void)[] = [];
  const next = () => {
    running--;
    waiting.shift()?.();
  };
  return {
    get size() {
      return running + waiting.length;
    },
    async run<T>(task: () => Promise<T>): Promise<T> {
      if (running >= concurrency) {
        if (waiting.length >= maxWaiting) throw new AppError('unavailable', 'api.unavailable');
        await new Promise<void>((resolve) => waiting.push(resolve));
      }
      running++;
      try {
        return await task();
      } finally {
        next();
      }
    },
  };
}
