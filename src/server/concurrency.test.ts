import { describe, expect, it } from 'vitest';
import { createQueue } from './concurrency';

describe('createQueue', () => {
  it('never runs more than its concurrency, in arrival order, even when newcomers arrive as a slot frees', async () => {
    const queue = createQueue({ concurrency: 1 });
    let running = 0;
    let most = 0;
    const order: number[] = [];
    const task = (n: number) => async () => {
      running++;
      most = Math.max(most, running);
      await new Promise((r) => setTimeout(r, 2));
      order.push(n);
      running--;
    };
    const first = [1, 2, 3].map((n) => queue.run(task(n)));
    // Arrives while the first task is finishing: it must wait behind 2 and 3.
    await first[0];
    const late = queue.run(task(4));
    await Promise.all([...first, late]);
    expect(most).toBe(1);
    expect(order).toEqual([1, 2, 3, 4]);
  });

  it('frees the slot when a task fails', async () => {
    const queue = createQueue({ concurrency: 1 });
    await expect(queue.run(async () => Promise.reject(new Error('x')))).rejects.toThrow('x');
    await expect(queue.run(async () => 7)).resolves.toBe(7);
  });
});
