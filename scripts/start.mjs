#!/usr/bin/env node
// `npm start`: builds the web app and the server only when their sources changed since the last
// build (one line says so), then runs the server in this very process, so SIGINT and SIGTERM
// reach it directly. Compiled code is cached on disk between starts (node:module compile cache).
import { existsSync } from 'node:fs';
import module from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { PARTS, buildParts, root, staleParts } from './build.mjs';

const stale = await staleParts(PARTS.filter((part) => part.isNeededToStart));
if (stale.length > 0) {
  const names = stale.map((s) => s.part.name).join(' and ');
  const reason = stale.some((s) => !existsSync(path.join(root, s.part.outDir)))
    ? 'first start'
    : 'sources changed since the last build';
  process.stdout.write(`Building ${names} (${reason}; about 20 s, once)…\n`);
  try {
    await buildParts(stale);
  } catch (error) {
    process.stderr.write(`${error.message}\n`);
    process.exit(1);
  }
}
module.enableCompileCache?.(path.join(root, 'node_modules', '.cache', 'stratum-compile'));
await import(pathToFileURL(path.join(root, 'server', 'dist', 'main.js')).href);
