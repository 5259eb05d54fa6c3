// The benchmarks time core's code as the server runs it: bundled from the TypeScript source (the
// `source` export condition) into node_modules/.cache/stratum/<name>.mjs, then imported.
import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

/** Where `bundleSource(name, …)` writes its bundle. */
export const bundlePath = (name) => join(root, 'node_modules', '.cache', 'stratum', `${name}.mjs`);

/** Bundles `exports` (export lines relative to the repository root) and answers the file. */
export async function bundleSource(name, exports) {
  const { build } = await import('esbuild');
  const outfile = bundlePath(name);
  mkdirSync(dirname(outfile), { recursive: true });
  await build({
    stdin: { contents: exports.join('\n'), resolveDir: root, loader: 'ts' },
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node22',
    conditions: ['source'],
    logLevel: 'warning',
  });
  return outfile;
}

/** Imports a bundle written by `bundleSource`. */
export const importBundle = (file) => import(pathToFileURL(file).href);
