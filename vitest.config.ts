import { defineConfig } from 'vitest/config';

// Two projects: `unit` (pure logic beside the code, no I/O) and `integration`
// (HTTP against a real PostgreSQL; see server/test/setup.ts).
export default defineConfig({
  resolve: { conditions: ['source'] },
  test: {
    projects: [
      {
        resolve: { conditions: ['source'] },
        test: {
          name: 'unit',
          include: ['core/src/**/*.test.ts', 'server/src/**/*.test.ts', 'web/src/**/*.test.{ts,tsx}'],
          environment: 'node',
        },
      },
      {
        resolve: { conditions: ['source'] },
        test: {
          name: 'integration',
          include: ['server/test/**/*.test.ts'],
          globalSetup: ['server/test/global-setup.ts'],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 60_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
