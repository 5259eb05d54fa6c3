import { existsSync, mkdirSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, sep } from 'node:path';
import type { TGeneratedFile } from '@stratum/core/iac/emit/emitter';

/** File-system side of the CLI: the engine itself never touches disk. */
export class CliError extends Error {}

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

export function writeFiles(dir: string, files: readonly TGeneratedFile[]): void {
  for (const f of files) {
    const target = join(dir, ...f.path.split('/'));
    mkdirSync(dirname(target), { recursive: true });
    writeFileSync(target, f.content);
  }
}

/** Writes one file at a path as the user gave it (absolute or relative to the working folder). */
export function writeFile(path: string, content: string): void {
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, content);
}

export function readTree(dir: string): TGeneratedFile[] {
  if (!existsSync(dir) || !statSync(dir).isDirectory()) throw new CliError(`${dir}: not a folder`);
  const walk = (d: string): string[] =>
    readdirSync(d)
      .sort()
      .flatMap((name) => {
        const p = join(d, name);
        return statSync(p).isDirectory() ? walk(p) : [p];
      });
  return walk(dir).map((p) => ({
    path: relative(dir, p).split(sep).join('/'),
    content: readFileSync(p, 'utf8'),
  }));
}
