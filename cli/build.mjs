// Bundles the `stratum` command-line tool (with the core code it imports) into dist/cli.js;
// @cdktf/* stay external (they load files that sit beside them).
import { build } from 'esbuild';

await build({
  entryPoints: ['src/main.ts'],
  outfile: 'dist/cli.js',
  bundle: true,
  platform: 'node',
  target: 'node22',
  format: 'esm',
  banner: { js: '#!/usr/bin/env node' },
  conditions: ['source'],
  external: ['@cdktf/*'],
  logLevel: 'warning',
});
