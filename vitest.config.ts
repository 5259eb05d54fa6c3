import { defineConfig } from 'vitest/config';

// Two projects: `unit` (pure logic beside the code, no I/O) and `integration`
// (HTTP against a real PostgreSQL; see server/test/setup.ts).
// Workspace packages resolve to their TypeScript source (the `source` export condition).
const sourceConditions = {
  resolve: { conditions: ['source'] },
  ssr: { resolve: { conditions: ['source'], externalConditions: ['source'] } },
};

export default defineConfig({
  ...sourceConditions,
  test: {
    projects: [
      {
        ...sourceConditions,
        test: {
          name: 'unit',
          include: [
            'core/src/**/*.test.ts',
            'server/src/**/*.test.ts',
            'web/src/**/*.test.{ts,tsx}',
          ],
          environment: 'node',
        },
      },
      {
        ...sourceConditions,
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
