import { describe, expect, it, vi } from 'vitest';

// The browser entry sets zod's global configuration without importing zod (instrumentation-client.ts).
// zod is loaded once per test file, so the tests run in order: the page's order first.
const key = '__zod_globalConfig';

describe('instrumentation-client: zod runs without `new Function`', () => {
  it('is read by zod loaded afterwards (the order on a page)', async () => {
    expect(key in globalThis).toBe(false);
    await import('./instrumentation-client');
    const { config, globalConfig } = await import('zod/v4/core');
    expect(config().jitless).toBe(true);
    expect(globalConfig).toBe((globalThis as Record<string, unknown>)[key]);
  });

  it('is read by a zod that is already loaded', async () => {
    const { globalConfig } = await import('zod/v4/core');
    globalConfig.jitless = false;
    vi.resetModules();
    await import('./instrumentation-client');
    expect(globalConfig.jitless).toBe(true);
  });

  it('lets zod parse objects without compiling code', async () => {
    const { z } = await import('zod');
    const spy = vi.spyOn(globalThis, 'Function');
    expect(z.object({ a: z.number(), b: z.string() }).parse({ a: 1, b: 'x' })).toEqual({ a: 1, b: 'x' });
    expect(spy).not.toHaveBeenCalled();
  });
});
