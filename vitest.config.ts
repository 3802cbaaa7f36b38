import path from 'node:path';
import { configDefaults, defineConfig } from 'vitest/config';

// 'server-only' throws outside a React Server Components bundler; tests run on the server only, as tsx does
// with tsconfig.node.json.
const alias = {
  '@': path.resolve(import.meta.dirname, 'src'),
  'server-only': path.resolve(import.meta.dirname, 'scripts/server-only.ts'),
};

// A password hash at the production cost (scrypt N=2^17) takes 0.3-0.7 s of a core; the suites that
// sign people up and in hash at N=2^10. The cost itself, and how the portal holds up under a flood of
// real hashes, are tested at 2^17 by the timing suite (password-hashing.test.ts), and by the browser
// tests, whose portals run as in production.
const cheapHashes = { PASSWORD_HASH_COST: '10' };

// Security files that measure resident memory or compare timings (performance.now, /proc/…/status).
const securityTimingFiles = [
  'tests/security/accounts-small.test.ts',
  'tests/security/multipart-properties.test.ts',
  'tests/security/page-cache-memory.test.ts',
  'tests/security/password-hashing.test.ts',
  'tests/security/upload-memory.test.ts',
  'tests/security/uploads.test.ts',
];

export default defineConfig({
  resolve: { alias },
  test: {
    // CI keeps a JSON report per run so .ci/run can print one closing "N passed, N failed" line.
    reporters: process.env.CI ? ['default', 'json'] : ['default'],
    outputFile: {
      json: `test-results/${process.env.npm_lifecycle_event ?? 'vitest'}-${process.env.DATABASE_URL ? 'pg' : 'pglite'}.json`,
    },
    projects: [
      {
        resolve: { alias },
        test: {
          name: 'unit',
          env: cheapHashes,
          include: ['src/**/*.test.ts', 'tests/unit/**/*.test.ts'],
          exclude: [...configDefaults.exclude, 'src/**/*.db.test.ts'],
          environment: 'node',
        },
      },
      {
        resolve: { alias },
        test: {
          // Domain rules tested beside their code (*.db.test.ts), each file against a fresh database.
          name: 'domain',
          env: cheapHashes,
          include: ['src/**/*.db.test.ts'],
          globalSetup: ['tests/setup/global-db.ts'],
          setupFiles: ['tests/setup/domain-db.ts'],
          pool: 'forks',
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        resolve: { alias },
        test: {
          name: 'integration',
          env: cheapHashes,
          include: ['tests/integration/**/*.test.ts'],
          globalSetup: ['tests/setup/global-db.ts'],
          pool: 'forks',
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        resolve: { alias },
        test: {
          // Attacks from issue 10, each against a fresh database (inject) or a real server it starts itself;
          // two files at a time, as the other database suites.
          name: 'security',
          env: cheapHashes,
          include: ['tests/security/**/*.test.ts'],
          exclude: [...configDefaults.exclude, ...securityTimingFiles],
          globalSetup: ['tests/setup/global-db.ts'],
          pool: 'forks',
          testTimeout: 120_000,
          hookTimeout: 600_000,
        },
      },
      {
        resolve: { alias },
        test: {
          // The attacks whose checks measure memory or time: one file at a time, so no neighbour skews them.
          name: 'security-timing',
          include: securityTimingFiles,
          globalSetup: ['tests/setup/global-db.ts'],
          pool: 'forks',
          fileParallelism: false,
          testTimeout: 120_000,
          hookTimeout: 600_000,
        },
      },
      {
        resolve: { alias },
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          // Pages hydrate and servers hash passwords at their own pace on a loaded 2-core machine.
          expect: { poll: { timeout: 15_000, interval: 100 } },
          globalSetup: ['tests/setup/global-server.ts'],
          pool: 'forks',
          fileParallelism: false,
          testTimeout: 60_000,
          hookTimeout: 600_000,
          // On CI's loaded 2-core machine a test may lose a race with hydration once (decision 63): it runs
          // again, and the report names it; a test that fails twice fails the run.
          retry: process.env.CI ? 1 : 0,
        },
      },
    ],
  },
});
