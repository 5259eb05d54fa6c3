// One lint setup for every workspace: type-aware rules, and the one-way dependency rule
// (core/ knows no framework and does no I/O; features never import each other). Import cycles
// are found by scripts/check-cycles.mjs, part of `npm run lint` (decision 0021).
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

/**
 * Features never import each other. A file may reach any folder of its own feature, so the
 * pattern for a file N folders below its feature forbids climbing more than N levels.
 */
function featureBoundaries(root, ext, advice) {
  return [0, 1, 2, 3].map((depth) => ({
    files: [`${root}/*/${'*/'.repeat(depth)}*.${ext}`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: `^(\\.\\./){${depth + 1}}[^.]|/features/`,
              message: `Features never import each other; ${advice}.`,
            },
          ],
        },
      ],
    },
  }));
}

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/node_modules/**',
      'data/**',
      'test-results/**',
      '**/*.mjs',
      'eslint.config.js',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: {
        projectService: { allowDefaultProject: ['vitest.config.ts'] },
        tsconfigRootDir: import.meta.dirname,
      },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      'no-console': 'error',
    },
  },
  {
    files: ['web/src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  {
    files: ['core/src/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['node:*', 'fs', 'path', 'http', 'https', 'net', 'child_process'],
              message: 'core/ does no I/O.',
            },
            {
              group: [
                'react',
                'react-*',
                'fastify',
                '@fastify/*',
                'pg',
                'kysely',
                '@stratum/server*',
                '@stratum/web*',
                '@stratum/cli*',
              ],
              message: 'core/ knows no framework.',
            },
          ],
        },
      ],
    },
  },
  {
    // Tests and their helpers (testing/) may read files (goldens, examples) and use the CLI's
    // output checks.
    files: ['core/src/**/*.test.ts', 'core/src/**/testing/**/*.ts'],
    rules: { 'no-restricted-imports': 'off', 'no-console': 'off' },
  },
  {
    // The `stratum` command writes to the terminal.
    files: ['cli/src/**/*.ts'],
    rules: { 'no-console': 'off' },
  },
  ...featureBoundaries('server/src/features', 'ts', 'compose them in app.ts'),
  ...featureBoundaries('web/src/features', '{ts,tsx}', 'the shell composes them'),
  {
    files: ['**/*.test.{ts,tsx}', 'server/test/**/*.ts', 'e2e/**/*.ts', 'scripts/**/*.ts'],
    rules: {
      '@typescript-eslint/no-non-null-assertion': 'off',
      '@typescript-eslint/unbound-method': 'off',
      // expect.any() and JSON bodies are `any` by design in tests.
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
    },
  },
);
