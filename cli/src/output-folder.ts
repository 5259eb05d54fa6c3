import {
  existsSync,
  lstatSync,
  mkdirSync,
  readFileSync,
  readdirSync,
  rmSync,
  rmdirSync,
  writeFileSync,
} from 'node:fs';
import { dirname, join } from 'node:path';
import type { TGeneratedFile } from '@stratum/core/iac/emit/emitter';
import { CliError, GENERATION_MANIFEST } from './io';

/**
 * The list of files the last `stratum generate` wrote into a folder, so the next run into the
 * same folder can remove the ones it no longer generates (a renamed module, a dropped layout)
 * while leaving anything the user added alone.
 */
const MANIFEST = GENERATION_MANIFEST;

interface TManifest {
  readonly generator: 'stratum';
  readonly files: readonly string[];
}

export interface TWriteReport {
  /** Files of the previous generation that this one no longer produces; deleted. */
  readonly removed: readonly string[];
}

const kindOf = (path: string): 'file' | 'dir' | 'other' | undefined => {
  if (!existsSync(path)) return undefined;
  const st = lstatSync(path);
  return st.isDirectory() ? 'dir' : st.isFile() ? 'file' : 'other';
};

/**
 * Checks every path before anything is written: `--out` must be a folder (or not exist), no
 * generated file may land where a folder is, and no folder where a file is. A failed check
 * writes nothing.
 */
function preflight(dir: string, files: readonly TGeneratedFile[]): void {
  const top = kindOf(dir);
  if (top && top !== 'dir') throw new CliError(`--out ${dir}: exists and is not a folder`);
  const folders = new Set<string>();
  for (const f of files) {
    const parts = f.path.split('/');
    for (let i = 1; i < parts.length; i++) folders.add(parts.slice(0, i).join('/'));
  }
  for (const folder of [...folders].sort()) {
    const k = kindOf(join(dir, ...folder.split('/')));
    if (k && k !== 'dir') {
      throw new CliError(`--out ${dir}: ${folder} is a file, but the output needs a folder there`);
    }
  }
  for (const f of files) {
    const k = kindOf(join(dir, ...f.path.split('/')));
    if (k && k !== 'file') {
      throw new CliError(`--out ${dir}: ${f.path} is a folder, but the output needs a file there`);
    }
  }
}

function readManifest(dir: string): readonly string[] {
  const path = join(dir, MANIFEST);
  if (kindOf(path) !== 'file') return [];
  try {
    const m = JSON.parse(readFileSync(path, 'utf8')) as Partial<TManifest>;
    return m.generator === 'stratum' && Array.isArray(m.files)
      ? m.files.filter((f): f is string => typeof f === 'string' && !f.split('/').includes('..'))
      : [];
  } catch {
    return [];
  }
}

/** Writes a generation into `dir`, replacing the previous generation's files. */
export function writeGeneration(dir: string, files: readonly TGeneratedFile[]): TWriteReport {
  preflight(dir, files);
  const previous = readManifest(dir);
  const current = new Set(files.map((f) => f.path));
  const removed = previous
    .filter((p) => !current.has(p) && kindOf(join(dir, ...p.split('/'))) === 'file')
    .sort();
  fsStep(dir, () => {
    for (const f of files) {
      const target = join(dir, ...f.path.split('/'));
      mkdirSync(dirname(target), { recursive: true });
      writeFileSync(target, f.content);
    }
    for (const p of removed) removeWithEmptyParents(dir, p);
    const manifest: TManifest = { generator: 'stratum', files: [...current].sort() };
    writeFileSync(join(dir, MANIFEST), JSON.stringify(manifest, null, 2) + '\n');
  });
  return { removed };
}

/** Deletes a stale file and the folders it leaves empty (never `dir` itself). */
function removeWithEmptyParents(dir: string, path: string): void {
  rmSync(join(dir, ...path.split('/')));
  const parts = path.split('/').slice(0, -1);
  for (; parts.length > 0; parts.pop()) {
    const folder = join(dir, ...parts);
    if (readdirSync(folder).length > 0) break;
    rmdirSync(folder);
  }
}

/** Permission and disk errors become a message, not a stack trace. */
function fsStep(dir: string, step: () => void): void {
  try {
    step();
  } catch (e) {
    const err = e as NodeJS.ErrnoException;
    if (typeof err.code === 'string') throw new CliError(`--out ${dir}: ${err.message}`);
    throw e;
  }
}

/** Writes one file at a path as the user gave it; refuses a folder there or a file in the way. */
export function writeSingleFile(path: string, content: string): void {
  const k = kindOf(path);
  if (k && k !== 'file') throw new CliError(`--out ${path}: is a folder, not a file`);
  let parent = dirname(path);
  while (parent !== dirname(parent) && !existsSync(parent)) parent = dirname(parent);
  if (kindOf(parent) !== 'dir') throw new CliError(`--out ${path}: ${parent} is not a folder`);
  fsStep(path, () => {
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, content);
  });
}
