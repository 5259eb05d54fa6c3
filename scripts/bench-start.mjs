#!/usr/bin/env node
// `npm run bench:start`: wall time from spawning `node scripts/start.mjs` (what `npm start`
// runs, after npm's own ~0.3 s) to /healthz answering 200, with the build already done: a first
// start on an empty DATA_DIR (initdb, migrations) and a restart on that data. Median of 3 runs
// each, default configuration (LOG_LEVEL info, embedded PostgreSQL, outbox mail). Exits 1 when
// the median restart is over 2 s or the median first start over 5 s.
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { PARTS, buildParts, root, staleParts } from './build.mjs';
import { writeSection } from './perf-doc.mjs';

const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const BUDGET = { first: 5000, restart: 2000 };

function freePort() {
  return new Promise((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });
}

/** Starts the server, answers the milliseconds until /healthz, the log milestones, and a stop. */
async function timedStart(dataDir, port) {
  const started = performance.now();
  const child = spawn(process.execPath, [path.join(root, 'scripts/start.mjs')], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      LOG_LEVEL: '',
      DATABASE_URL: '',
      SMTP_URL: '',
      REDIS_URL: '',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const milestones = {};
  child.stdout.on('data', (chunk) => {
    for (const line of chunk.toString().split('\n')) {
      const msg = /"msg":"([^"]*)"/.exec(line)?.[1];
      if (msg && !(msg in milestones)) milestones[msg] = Math.round(performance.now() - started);
    }
  });
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited early (${child.exitCode})`);
    const isUp = await fetch(`http://127.0.0.1:${port}/healthz`).then(
      (r) => r.ok,
      () => false,
    );
    if (isUp) break;
    await new Promise((r) => setTimeout(r, 10));
  }
  const ms = Math.round(performance.now() - started);
  const stop = async () => {
    child.kill('SIGTERM');
    await new Promise((r) => (child.exitCode !== null ? r() : child.once('exit', r)));
  };
  return { ms, milestones, stop };
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

const stale = await staleParts(PARTS.filter((p) => p.isNeededToStart));
if (stale.length > 0) {
  process.stdout.write(`Building ${stale.map((s) => s.part.name).join(' and ')} first…\n`);
  await buildParts(stale);
}

const port = await freePort();
const runs = { first: [], restart: [] };
for (let i = 0; i < RUNS; i += 1) {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'stratum-bench-start-'));
  try {
    for (const kind of ['first', 'restart']) {
      const run = await timedStart(dataDir, port);
      await run.stop();
      runs[kind].push(run);
      process.stdout.write(`${kind}: ${run.ms} ms ${JSON.stringify(run.milestones)}\n`);
    }
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
}

const row = (label, kind) => {
  const ms = median(runs[kind].map((r) => r.ms));
  const verdict = ms <= BUDGET[kind] ? 'within budget' : 'over budget';
  return { ms, line: `| ${label} | ${ms} ms | ≤ ${BUDGET[kind]} ms | ${verdict} |` };
};
const first = row('first start, empty DATA_DIR (initdb, migrations)', 'first');
const restart = row('restart on existing data', 'restart');
const milestone = (kind, msg) => median(runs[kind].map((r) => r.milestones[msg] ?? NaN));
const load = os.loadavg()[0].toFixed(1);
const table = [
  `Measured ${new Date().toISOString().slice(0, 10)} on this machine (${os.cpus().length} cores, Node ${process.version}; 1-minute load average ${load} at the end${os.getPriority() < 0 ? `, the benchmark at raised priority, nice ${os.getPriority()}` : ''}), the build already done: wall time from spawning \`node scripts/start.mjs\` (what \`npm start\` runs) to \`/healthz\` answering 200, default configuration (LOG_LEVEL info, embedded PostgreSQL). Median of ${RUNS} runs; runs: first ${runs.first.map((r) => r.ms).join(' / ')} ms, restart ${runs.restart.map((r) => r.ms).join(' / ')} ms.`,
  '',
  '| what | time | budget | |',
  '| --- | ---: | ---: | --- |',
  first.line,
  restart.line,
  '',
  `Where the time goes (median ms since spawn): first start — PostgreSQL initialised and ready ${milestone('first', 'embedded PostgreSQL is ready')}, migrations applied ${milestone('first', 'database migrations applied')}, listening ${milestone('first', 'Server listening at http://127.0.0.1:' + port)}; restart — PostgreSQL ready ${milestone('restart', 'embedded PostgreSQL is ready')}, listening ${milestone('restart', 'Server listening at http://127.0.0.1:' + port)}. Before build-once, every \`npm start\` rebuilt the web app and the server first (10–15 s on this machine).`,
].join('\n');
process.stdout.write(`\n${table}\n`);
await writeSection('Start-up (npm run bench:start)', table);
if (first.ms > BUDGET.first || restart.ms > BUDGET.restart) {
  process.stderr.write('bench:start: over budget\n');
  process.exit(1);
}
