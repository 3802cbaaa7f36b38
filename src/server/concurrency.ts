import 'server-only';

export interface Queue {
  /** Runs `task` when one of the queue's slots is free; tasks start in the order they came. */
  run<T>(task: () => Promise<T>): Promise<T>;
}

/**
 * A first-come-first-served limit on how many expensive tasks (decoding an image) run at once, so that a
 * burst of them waits its turn instead of taking all memory.
 */
export function createQueue({ concurrency }: { concurrency: number }): Queue {
  let running = 0;
  const waiting: (() => void)[] = [];
  return {
    async run<T>(task: () => Promise<T>): Promise<T> {
      if (running >= concurrency) await new Promise<void>((resolve) => waiting.push(resolve));
      else running++;
      try {
        return await task();
      } finally {
        // The slot passes straight to the next task, so a newcomer cannot overtake it.
        const next = waiting.shift();
        if (next) next();
        else running--;
      }
    },
  };
}

/**
 * Gives the event loop back once `budgetMs` of synchronous work has passed since it last did: a loop over
 * thousands of items (an imported calendar's events) awaits it between items, so no request waits longer
 * than the budget behind it.
 */
export function createYielder(budgetMs = 20): () => Promise<void> {
  let since = performance.now();
  return async () => {
    if (performance.now() - since < budgetMs) return;
    await new Promise<void>((resolve) => setImmediate(resolve));
    since = performance.now();
  };
}
