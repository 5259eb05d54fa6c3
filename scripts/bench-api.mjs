#!/usr/bin/env node
// `npm run bench:api`: requests/s and p99 of GET /api/auth/verify (valid token) and GET /healthz
// on the real built server (embedded PostgreSQL), next to a bare Fastify hello-world started in
// the same run; 50 connections for 10 s each over loopback. Figures go to docs/performance.md.
import { execFileSync, spawn } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { writeSection } from './perf-doc.mjs';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = 50;

const BARE = `
import Fastify from 'fastify';
const app = Fastify({ logger: false });
app.get('/', async () => ({ hello: 'world' }));
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
`;

async function waitHealthy(url, child) {
  for (let i = 0; i < 300; i += 1) {
    if (child.exitCode !== null) throw new Error(`${url} exited early`);
    if (
      await fetch(url).then(
        (r) => r.ok,
        () => false,
      )
    )
      return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${url} never became healthy`);
}

function run(url, headers = {}) {
  return new Promise((resolve, reject) => {
    autocannon({ url, connections: CONNECTIONS, duration: DURATION, headers }, (error, result) => {
      if (error) reject(error);
      else if (result.non2xx > 0) reject(new Error(`${url}: ${result.non2xx} non-2xx answers`));
      else resolve({ rps: result.requests.average, p99: result.latency.p99 });
    });
  });
}

const dataDir = await mkdtemp(path.join(os.tmpdir(), 'stratum-bench-'));
execFileSync(process.execPath, [path.join(root, 'server/build.mjs')]);
const bare = spawn(process.execPath, ['--input-type=module', '-e', BARE], {
  cwd: root,
  env: { ...process.env, PORT: '18181' },
  stdio: 'inherit',
});
const server = spawn(process.execPath, [path.join(root, 'server/dist/main.js')], {
  cwd: root,
  env: {
    ...process.env,
    PORT: '18182',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    DATABASE_URL: '',
    SMTP_URL: '',
    REDIS_URL: '',
  },
  stdio: 'inherit',
});
try {
  await waitHealthy('http://127.0.0.1:18181/', bare);
  await waitHealthy('http://127.0.0.1:18182/healthz', server);

  const email = `bench.${Date.now()}@example.com`;
  const post = (p, body) =>
    fetch(`http://127.0.0.1:18182${p}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  await post('/api/auth/register', {
    email,
    password: 'Bench!Passw0rd',
    firstName: 'Bench',
    lastName: 'Mark',
  });
  const outbox = path.join(dataDir, 'outbox');
  const [mail] = await readdir(outbox);
  const code = /code is (\d{6})/.exec(await readFile(path.join(outbox, mail), 'utf8'))[1];
  const { token } = await (await post('/api/auth/verify-otp', { email, code })).json();

  const hello = await run('http://127.0.0.1:18181/');
  const health = await run('http://127.0.0.1:18182/healthz');
  const verify = await run('http://127.0.0.1:18182/api/auth/verify', {
    authorization: `Bearer ${token}`,
  });

  const ratio = (x) => (x.rps / hello.rps).toFixed(2);
  const rows = [
    ['bare Fastify hello-world', hello],
    ['GET /healthz (one SELECT 1)', health],
    ['GET /api/auth/verify (valid token)', verify],
  ].map(([name, r]) => `| ${name} | ${Math.round(r.rps)} | ${r.p99} | ${ratio(r)}× |`);
  const verdict = verify.rps / hello.rps >= 0.4 && verify.p99 <= 20 ? 'meets' : 'misses';
  const table = [
    `Measured ${new Date().toISOString().slice(0, 10)} on this machine (${os.cpus().length} cores, Node ${process.version}), autocannon in the same run, ${CONNECTIONS} connections, ${DURATION} s each, loopback, LOG_LEVEL=warn.`,
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
  server.kill('SIGTERM');
  await new Promise((r) => server.once('exit', r));
  await rm(dataDir, { recursive: true, force: true });
}
