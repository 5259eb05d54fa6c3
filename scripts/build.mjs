#!/usr/bin/env node
// `npm run build` builds every part; `npm start` (scripts/start.mjs) builds only the parts whose
// inputs changed since their last build. A part's fingerprint is a SHA-256 over the path and
// content of each of its inputs (tests excluded); it is written into the part's output folder
// after a successful build, so a build run any other way (which empties that folder) never
// leaves a stale stamp behind.
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const STAMP = '.build-fingerprint';
const SHARED = ['core/src', 'package-lock.json', 'package.json', 'tsconfig.base.json'];

/** What `npm start` needs (web, server) and what `npm run build` adds (the CLI bundle). */
export const PARTS = [
  {
    name: 'web',
    workspace: 'web',
    outDir: 'web/dist',
    inputs: [...SHARED, 'web', 'CHANGELOG.md'],
    isNeededToStart: true,
  },
  {
    name: 'server',
    workspace: 'server',
    outDir: 'server/dist',
    inputs: [...SHARED, 'server/src', 'server/build.mjs', 'server/package.json'],
    isNeededToStart: true,
  },
  {
    name: 'cli',
    workspace: 'cli',
    outDir: 'cli/dist',
    inputs: [...SHARED, 'cli/src', 'cli/build.mjs', 'cli/package.json'],
    isNeededToStart: false,
  },
];

const SKIPPED_DIRS = new Set(['node_modules', 'dist', '.test-dist', 'test']);
const isTest = (name) => /\.test\.tsx?$/.test(name);

async function listFiles(relative) {
  const full = path.join(root, relative);
  if (!existsSync(full)) return [];
  const entries = await readdir(full, { withFileTypes: true }).catch(() => null);
  if (entries === null) return [relative]; // a file
  const nested = await Promise.all(
    entries
      .filter((e) => (e.isDirectory() ? !SKIPPED_DIRS.has(e.name) : !isTest(e.name)))
      .map((e) => listFiles(path.posix.join(relative, e.name))),
  );
  return nested.flat();
}

/** SHA-256 over the sorted input files' paths and contents. */
export async function fingerprint(part) {
  const files = (await Promise.all(part.inputs.map(listFiles))).flat().sort();
  const hash = createHash('sha256');
  for (const [file, content] of await Promise.all(
    files.map(async (f) => [f, await readFile(path.join(root, f))]),
  )) {
    hash.update(`${file}\0${content.length}\0`).update(content);
  }
  return hash.digest('hex');
}

async function readStamp(part) {
  return readFile(path.join(root, part.outDir, STAMP), 'utf8').catch(() => '');
}

/** The parts whose output is missing or was built from other inputs, with their new fingerprints. */
export async function staleParts(parts) {
  const checked = await Promise.all(
    parts.map(async (part) => {
      const [current, stamped] = await Promise.all([fingerprint(part), readStamp(part)]);
      return { part, current, isStale: current !== stamped.trim() };
    }),
  );
  return checked.filter((c) => c.isStale);
}

function runBuild(part) {
  return new Promise((resolve, reject) => {
    const npm = process.env.npm_execpath;
    const [command, args] = npm
      ? [process.execPath, [npm, 'run', 'build', '-w', part.workspace]]
      : ['npm', ['run', 'build', '-w', part.workspace]];
    const child = spawn(command, args, { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (c) => (output += c));
    child.stderr.on('data', (c) => (output += c));
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`Building ${part.name} failed:\n${output}`)),
    );
  });
}

/** Builds the given stale parts side by side and stamps each one that succeeded. */
export async function buildParts(stale) {
  await Promise.all(
    stale.map(async ({ part, current }) => {
      await runBuild(part);
      await writeFile(path.join(root, part.outDir, STAMP), `${current}\n`);
    }),
  );
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const started = Date.now();
  // An explicit build rebuilds everything, fresh or not.
  const every = await Promise.all(
    PARTS.map(async (part) => ({ part, current: await fingerprint(part) })),
  );
  process.stdout.write(`Building ${PARTS.map((p) => p.name).join(', ')}…\n`);
  try {
    await buildParts(every);
  } catch (error) {
    process.stderr.write(`${error.message}\n`);
    process.exit(1);
  }
  process.stdout.write(`Built in ${((Date.now() - started) / 1000).toFixed(1)} s.\n`);
}
