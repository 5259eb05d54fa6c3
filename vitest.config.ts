import { defineConfig } from 'vitest/config';

// Three projects: `unit` (pure logic beside the code, no I/O), `component` (React components
// rendered in jsdom with Testing Library, `web/src/**/*.test.tsx`) and `integration` (HTTP
// against a real PostgreSQL; see server/test/global-setup.ts).
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
          // One module graph per worker, not one per file: the engine's catalog and schemas are
          // evaluated once per worker (240 s → 117 s for this project on 2 cores). The files are
          // pure logic; the setup file resets the one global the engine has, and stubbed globals
          // and environment variables are restored after each test.
          isolate: false,
          setupFiles: ['core/src/test/unit-setup.ts'],
          // A guard against a hung test, not a speed budget (those are the bench scripts): in
          // CI these files share two cores with ESLint and the integration tests, and a schema
          // check took 7.6 s there (2026-11-30) against Vitest's default of 5 s.
          testTimeout: 30_000,
          unstubGlobals: true,
          unstubEnvs: true,
          // The workflow parser imports its JSON schema without `with { type: 'json' }`, which
          // Node refuses; inlined, Vite loads it.
          server: { deps: { inline: ['@actions/workflow-parser'] } },
          include: [
            'core/src/**/*.test.ts',
            'cli/src/**/*.test.ts',
            'server/src/**/*.test.ts',
            'web/src/**/*.test.ts',
            'scripts/**/*.test.mjs',
          ],
          environment: 'node',
        },
      },
      {
        ...sourceConditions,
        test: {
          name: 'component',
          include: ['web/src/**/*.test.tsx'],
          environment: 'jsdom',
          // One jsdom and module graph per worker, not one per file: 215 → 50 s of CPU for the
          // project (2026-11-30, 46 files), most of it jsdom set up and React's modules
          // evaluated again for each file. The setup file empties the document and storage
          // after each file, stubbed globals after each test; stores a test uses are reset by
          // its own beforeEach.
          isolate: false,
          unstubGlobals: true,
          unstubEnvs: true,
          setupFiles: ['web/src/test/setup-components.ts'],
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
          // One shared module graph: the app's modules are evaluated once, not once per file
          // (that import was most of the project's time). Files run one at a time, none mocks a
          // module, and each builds its own app.
          isolate: false,
        },
      },
    ],
  },
});
