import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    globals: true,
    // Vitest's default is a worker fewer than the cores: one on our 2-core machines, where the
    // integration files mostly wait on the database. One per core keeps both busy (decision 017).
    maxWorkers: '100%',
    // Projects inherit nothing from here but the workers: `isolate` is set on each of them.
    projects: [
      {
        test: {
          name: 'unit',
          globals: true,
          // One module graph per worker, not one per file (both projects): re-importing the server
          // cost ~2 s of CPU per file, more than half of each run (decision 059).
          isolate: false,
          include: [
            'packages/*/src/**/*.test.ts',
            'apps/server/src/**/*.test.ts',
            'apps/web/app/**/*.test.{ts,tsx}',
          ],
        },
      },
      {
        test: {
          name: 'integration',
          globals: true,
          isolate: false,
          include: ['apps/server/test/**/*.test.ts'],
          globalSetup: ['apps/server/test/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
