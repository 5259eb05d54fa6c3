#!/usr/bin/env node
// Entry of `npx stratum`: runs cli/dist/cli.js when it is newer than the sources (cli/src and
// core/src), otherwise bundles them with esbuild into node_modules/.cache/stratum first (about
// a second), so the command works from a fresh clone before any build. Compiled code is cached
// on disk between runs (node:module compile cache), as `npm start` does: a run starts about 60 ms
// sooner.
import { existsSync, readdirSync, statSync } from 'node:fs';
import module from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const cli = join(dirname(fileURLToPath(import.meta.url)), '..');
module.enableCompileCache?.(join(cli, '..', 'node_modules', '.cache', 'stratum-compile'));
const sources = [join(cli, 'src'), join(cli, '..', 'core', 'src')];

function newestSource(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestSource(p) : statSync(p).mtimeMs);
  }
  return newest;
}

const newest = Math.max(...sources.map(newestSource));
const isFresh = (file) => existsSync(file) && statSync(file).mtimeMs >= newest;

let entry = join(cli, 'dist', 'cli.js');
if (!isFresh(entry)) {
  entry = join(cli, '..', 'node_modules', '.cache', 'stratum', 'cli.mjs');
  if (!isFresh(entry)) {
    const { build } = await import('esbuild');
    await build({
      entryPoints: [join(cli, 'src', 'main.ts')],
      outfile: entry,
      bundle: true,
      platform: 'node',
      target: 'node22',
      format: 'esm',
      conditions: ['source'],
      logLevel: 'warning',
      // Resolved at run time from the repository's node_modules (they load files beside themselves).
      external: ['@cdktf/*'],
    });
  }
}
await import(pathToFileURL(entry).href);
