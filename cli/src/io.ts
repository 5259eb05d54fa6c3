import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import type { TGeneratedFile } from '@stratum/core/iac/emit/emitter';

/** File-system side of the CLI: the engine itself never touches disk. */
export class CliError extends Error {}

/** Written by `generate` beside the files (see output-folder.ts); not part of the code. */
export const GENERATION_MANIFEST = '.stratum-files.json';

export function readJson(path: string): unknown {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch {
    throw new CliError(`${path}: cannot be read`);
  }
  try {
    return JSON.parse(text) as unknown;
  } catch (e) {
    throw new CliError(`${path}: not valid JSON (${(e as Error).message})`);
  }
}

export function readTree(dir: string): TGeneratedFile[] {
  if (!existsSync(dir) || !statSync(dir).isDirectory()) throw new CliError(`${dir}: not a folder`);
  const walk = (d: string): string[] =>
    readdirSync(d)
      .sort()
      .flatMap((name) => {
        const p = join(d, name);
        if (d === dir && name === GENERATION_MANIFEST) return [];
        return statSync(p).isDirectory() ? walk(p) : [p];
      });
  return walk(dir).map((p) => ({
    path: relative(dir, p).split(sep).join('/'),
    content: readFileSync(p, 'utf8'),
  }));
}
