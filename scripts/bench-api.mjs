#!/usr/bin/env node
// `npm run bench:api`: requests/s and p99 of GET /api/auth/verify (valid token) and GET /healthz
// on the real built server (embedded PostgreSQL, default configuration), next to a bare Fastify
// hello-world started in the same run; 50 connections for 10 s each over loopback. Figures go to
// docs/performance.md.
import { spawn } from 'node:child_process';
import os from 'node:os';
import autocannon from 'autocannon';
import { PARTS, buildParts, staleParts } from './build.mjs';
import { root, signUp, startServer, waitHealthy } from './bench-server.mjs';
import { writeSection } from './perf-doc.mjs';

const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = 50;

const BARE = `
import Fastify from 'fastify';
const app = Fastify({ logger: false });
app.get('/', async () => ({ hello: 'world' }));
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
`;

function run(url, headers = {}) {
  return new Promise((resolve, reject) => {
    autocannon({ url, connections: CONNECTIONS, duration: DURATION, headers }, (error, result) => {
      if (error) reject(error);
      else if (result.non2xx > 0) reject(new Error(`${url}: ${result.non2xx} non-2xx answers`));
      else resolve({ rps: result.requests.average, p99: result.latency.p99 });
    });
  });
}

const stale = await staleParts(PARTS.filter((p) => p.name === 'server'));
if (stale.length > 0) await buildParts(stale);
const bare = spawn(process.execPath, ['--input-type=module', '-e', BARE], {
  cwd: root,
  env: { ...process.env, PORT: '18181' },
  stdio: 'inherit',
});
// The default configuration (LOG_LEVEL info), its log read from a pipe as a terminal or a log
// collector would.
const server = await startServer(18182, {
  stdio: ['ignore', 'pipe', 'inherit'],
  env: { LOG_LEVEL: '' },
});
let logBytes = 0;
server.child.stdout.on('data', (chunk) => (logBytes += chunk.length));
try {
  await waitHealthy('http://127.0.0.1:18181/', bare);
  const token = await signUp(server);

  const hello = await run('http://127.0.0.1:18181/');
  const health = await run('http://127.0.0.1:18182/healthz');
  const logBefore = logBytes;
  const verify = await run('http://127.0.0.1:18182/api/auth/verify', {
    authorization: `Bearer ${token}`,
  });
  const verifyLog = logBytes - logBefore;

  const ratio = (x) => (x.rps / hello.rps).toFixed(2);
  const rows = [
    ['bare Fastify hello-world', hello],
    ['GET /healthz (one SELECT 1)', health],
    ['GET /api/auth/verify (valid token)', verify],
  ].map(([name, r]) => `| ${name} | ${Math.round(r.rps)} | ${r.p99} | ${ratio(r)}× |`);
  const verdict = verify.rps / hello.rps >= 0.4 && verify.p99 <= 20 ? 'meets' : 'misses';
  const table = [
    `Measured ${new Date().toISOString().slice(0, 10)} on this machine (${os.cpus().length} cores, Node ${process.version}; 1-minute load average ${os.loadavg()[0].toFixed(1)} at the end${os.getPriority() < 0 ? `, the benchmark at raised priority, nice ${os.getPriority()}` : ''}), autocannon in the same run, ${CONNECTIONS} connections, ${DURATION} s each, loopback. The server runs its default configuration (LOG_LEVEL info, its standard output read through a pipe): ${verifyLog} bytes of log during the verify run.`,
    '',
    '| endpoint | requests/s | p99 ms | vs hello-world |',
    '| --- | ---: | ---: | ---: |',
    ...rows,
    '',
    `Target: verify ≥ 0.4× hello-world requests/s with p99 ≤ 20 ms — this run ${verdict} it.`,
  ].join('\n');
  process.stdout.write(`\n${table}\n`);
  await writeSection('API (npm run bench:api)', table);
} finally {
  bare.kill('SIGTERM');
  await server.stop();
}
