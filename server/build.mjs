// Bundles the server (and the core code it imports) into dist/main.js; npm packages stay external.
// main.js loads the rest (dist/chunk-*.js) with import() while the embedded PostgreSQL starts.
// `node build.mjs --outdir <dir>` builds elsewhere (the process tests use a throwaway folder).
import { cp, readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const here = path.dirname(fileURLToPath(import.meta.url));
const flag = process.argv.indexOf('--outdir');
const outdir = flag > 0 ? path.resolve(process.argv[flag + 1]) : path.join(here, 'dist');
const pkg = JSON.parse(await readFile(path.join(here, 'package.json'), 'utf8'));
await rm(outdir, { recursive: true, force: true });
await build({
  // The worker threads' entry is loaded by URL beside main.js (server/src/jobs.ts).
  entryPoints: [path.join(here, 'src/main.ts'), path.join(here, 'src/jobs-worker.ts')],
  outdir,
  entryNames: '[name]',
  chunkNames: 'chunk-[hash]',
  splitting: true,
  bundle: true,
  platform: 'node',
  target: 'node22',
  format: 'esm',
  sourcemap: true,
  conditions: ['source'],
  external: Object.keys(pkg.dependencies ?? {}),
  logLevel: 'warning',
});
await cp(path.join(here, 'src/db/migrations'), path.join(outdir, 'migrations'), {
  recursive: true,
});
