// Bundles the `stratum` command-line tool when it exists; the library itself is consumed as source.
import { existsSync } from 'node:fs';
import { build } from 'esbuild';

if (existsSync('src/cli/main.ts')) {
  await build({
    entryPoints: ['src/cli/main.ts'],
    outfile: 'dist/cli.js',
    bundle: true,
    platform: 'node',
    target: 'node22',
    format: 'esm',
    banner: { js: '#!/usr/bin/env node' },
    conditions: ['source'],
    logLevel: 'warning',
  });
}
