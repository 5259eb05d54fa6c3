// Bundles the server (and the core code it imports) into dist/main.js; npm packages stay external.
import { cp, readFile, rm } from 'node:fs/promises';
import { build } from 'esbuild';

const pkg = JSON.parse(await readFile(new URL('./package.json', import.meta.url), 'utf8'));
await rm(new URL('./dist/', import.meta.url), { recursive: true, force: true });
await build({
  entryPoints: ['src/main.ts'],
  outfile: 'dist/main.js',
  bundle: true,
  platform: 'node',
  target: 'node22',
  format: 'esm',
  sourcemap: true,
  conditions: ['source'],
  external: Object.keys(pkg.dependencies ?? {}),
  logLevel: 'warning',
});
await cp('src/db/migrations', 'dist/migrations', { recursive: true });
