import { describe, expect, it } from 'vitest';
import { AppError } from '@/server/errors';
import { RateLimitedError } from '@/server/rate-limit';
import { HashQueue } from './hash-queue';

/** Work that finishes when the test says so, recording when it started. */
function gate(log: string[], name: string) {
  let open: () => void = () => {};
  const done = new Promise<void>((resolve) => {
    open = resolve;
  });
  return {
    work: async () => {
      log.push(name);
      await done;
      return name;
    },
    open: () => open(),
  };
}

const tick = () => new Promise((r) => setTimeout(r, 0));

describe('HashQueue', () => {
  it('runs one job at a time, an urgent one beside it, and a new address before a flooding one', async () => {
    const queue = new HashQueue({ concurrency: 1, maxPerLane: 4, maxPending: 64 });
    const log: string[] = [];
    const jobs = ['a1', 'a2', 'a3', 'b1', 'c1'].map((n) => gate(log, n));
    const [a1, a2, a3, b1, c1] = jobs;
    if (!a1 || !a2 || !a3 || !b1 || !c1) throw new Error('setup');
    const results = [
      queue.run('flood', a1.work),
      queue.run('flood', a2.work),
      queue.run('flood', a3.work),
      queue.run('sign-up', b1.work),
      queue.run('owner', c1.work, { urgent: true }),
    ];
    await tick();
    // The urgent sign-in does not wait for the hash in progress.
    expect(log).toEqual(['a1', 'c1']);
    c1.open();
    await tick();
    expect(log).toEqual(['a1', 'c1']);
    a1.open();
    await tick();
    // Then the address not served yet goes before the flood.
    expect(log).toEqual(['a1', 'c1', 'b1']);
    b1.open();
    a2.open();
    a3.open();
    expect(await Promise.all(results)).toEqual(['a1', 'a2', 'a3', 'b1', 'c1']);
    expect(log).toEqual(['a1', 'c1', 'b1', 'a2', 'a3']);
  });

  it('keeps one urgent job per address; the rest of a burst waits like any other work', async () => {
    const queue = new HashQueue({ concurrency: 1, maxPerLane: 4, maxPending: 64 });
    const log: string[] = [];
    const busy = gate(log, 'busy');
    const first = gate(log, 'x1');
    const second = gate(log, 'x2');
    const other = gate(log, 'y1');
    const all = [
      queue.run('z', busy.work),
      queue.run('x', first.work, { urgent: true }),
      queue.run('x', second.work, { urgent: true }),
      queue.run('y', other.work, { urgent: true }),
    ];
    await tick();
    // x1 takes the urgent slot beside the busy one; x2 of the same burst queues as normal work.
    expect(log).toEqual(['busy', 'x1']);
    first.open();
    await tick();
    expect(log).toEqual(['busy', 'x1', 'y1']);
    busy.open();
    await tick();
    expect(log).toEqual(['busy', 'x1', 'y1', 'x2']);
    other.open();
    second.open();
    await Promise.all(all);
  });

  it('refuses at once when an address or the whole queue has too much waiting', async () => {
    const queue = new HashQueue({ concurrency: 1, maxPerLane: 2, maxPending: 3 });
    const log: string[] = [];
    const running = gate(log, 'running');
    const held = [queue.run('a', running.work)];
    await tick();
    held.push(queue.run('a', gate(log, 'a2').work), queue.run('a', gate(log, 'a3').work));
    await expect(queue.run('a', gate(log, 'a4').work)).rejects.toBeInstanceOf(RateLimitedError);
    held.push(queue.run('b', gate(log, 'b1').work));
    const refused = queue.run('c', gate(log, 'c1').work);
    await expect(refused).rejects.toBeInstanceOf(AppError);
    await expect(refused).rejects.toMatchObject({ code: 'unavailable' });
    expect(queue.size).toBe(3);
  });

  it('still takes a clean sign-in when floods have filled the queue', async () => {
    const queue = new HashQueue({ concurrency: 1, maxPerLane: 4, maxPending: 2 });
    const log: string[] = [];
    const gates = ['x1', 'x2', 'y1'].map((n) => gate(log, n));
    const held = gates.map((g, i) => queue.run(i < 2 ? 'x' : 'y', g.work));
    await tick();
    await expect(queue.run('w', gate(log, 'w1').work)).rejects.toMatchObject({ code: 'unavailable' });
    const signIn = gate(log, 'clean');
    const clean = queue.run('v', signIn.work, { urgent: true });
    await tick();
    expect(log).toContain('clean');
    signIn.open();
    await expect(clean).resolves.toBe('clean');
    for (const g of gates) g.open();
    await Promise.all(held);
  });

  it('frees the slot of a job that throws before it returns a promise', async () => {
    const queue = new HashQueue({ concurrency: 1, maxPerLane: 4, maxPending: 4 });
    const broken = (() => {
      throw new Error('at once');
    }) as unknown as () => Promise<string>;
    await expect(queue.run('a', broken)).rejects.toThrow('at once');
    await expect(queue.run('a', async () => 'next')).resolves.toBe('next');
  });
});
