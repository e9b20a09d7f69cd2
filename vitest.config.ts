import os from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    globals: true,
    // Vitest's default on a 2-core machine is one worker, and the integration files mostly wait
    // on the database: two keep both cores busy (decision 017).
    maxWorkers: Math.max(2, os.availableParallelism() - 1),
    // A fresh module graph per file re-imported the whole app 80 times (~2 s each). The files
    // share no module state that matters: each builds its own app on its own database.
    isolate: false,
    projects: [
      {
        test: {
          name: 'unit',
          globals: true,
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
