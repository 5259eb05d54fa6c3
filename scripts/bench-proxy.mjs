#!/usr/bin/env node
// `npm run bench:proxy`: what the API client's proxy adds to a request (issue 12: ≤ 5 ms median
// to a local server). A node:http server on loopback answers a small JSON and a 1 MiB one; each
// is fetched directly and through POST /api/http/send of the real built server (embedded
// PostgreSQL, EGRESS_ALLOW opening exactly that host:port), one request at a time, direct and
// proxied alternating so the machine's load weighs on both alike. Keep-alive from the client
// both ways, as a browser would; the proxy opens a new upstream connection per send (an agent
// per call, decision 0011). Figures go to docs/performance.md.
import { once } from 'node:events';
import { createServer } from 'node:http';
import os from 'node:os';
import { Agent, request } from 'undici';
import { PARTS, buildParts, staleParts } from './build.mjs';
import { signUp, startServer } from './bench-server.mjs';
import { writeSection } from './perf-doc.mjs';

const RUNS = Number(process.env.BENCH_RUNS ?? 500);
const WARMUP = 50;
const LARGE_RUNS = Math.max(20, Math.round(RUNS / 5));
/** The proxy's per-user limit is 120 sends a minute: spread the runs over enough users. */
const SENDS_PER_USER = 110;

const small = JSON.stringify({ id: 1, name: 'widget', tags: ['a', 'b'], price: 9.5 });
const large = JSON.stringify(
  Array.from({ length: 9000 }, (_, id) => ({ id, name: `item ${id}`, note: 'x'.repeat(80) })),
);

const upstream = createServer((req, res) => {
  res.setHeader('content-type', 'application/json');
  res.end(req.url === '/large' ? large : small);
});
upstream.listen(0, '127.0.0.1');
await once(upstream, 'listening');
const target = `http://127.0.0.1:${upstream.address().port}`;

const stale = await staleParts(PARTS.filter((p) => p.name === 'server'));
if (stale.length > 0) await buildParts(stale);
const server = await startServer(18184, {
  env: { EGRESS_ALLOW: `127.0.0.1:${upstream.address().port}` },
});
const client = new Agent({ keepAliveTimeout: 60_000 });

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)];
};
const pct = (xs, p) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)];
};
const ms = (x) => x.toFixed(2);

try {
  const total = 2 * WARMUP + RUNS + LARGE_RUNS;
  const tokens = [];
  for (let i = 0; i < Math.ceil(total / SENDS_PER_USER); i += 1) {
    tokens.push(await signUp(server, `bench-proxy-${i}`));
  }
  let sends = 0;
  const token = () => tokens[Math.floor(sends++ / SENDS_PER_USER)];

  const direct = async (path) => {
    const started = performance.now();
    const res = await request(`${target}${path}`, { dispatcher: client });
    const text = await res.body.text();
    if (res.statusCode !== 200 || text.length === 0) throw new Error(`direct ${res.statusCode}`);
    return performance.now() - started;
  };
  const proxied = async (path) => {
    const started = performance.now();
    const res = await request(`${server.base}/api/http/send`, {
      dispatcher: client,
      method: 'POST',
      headers: { authorization: `Bearer ${token()}`, 'content-type': 'application/json' },
      body: JSON.stringify({ method: 'GET', url: `${target}${path}`, headers: {} }),
    });
    const answer = await res.body.json();
    if (res.statusCode !== 200 || answer.data.status !== 200) {
      throw new Error(`proxied ${res.statusCode}: ${JSON.stringify(answer).slice(0, 300)}`);
    }
    return { ms: performance.now() - started, timings: answer.data.timings };
  };

  const measure = async (path, runs) => {
    for (let i = 0; i < WARMUP; i += 1) {
      await direct(path);
      await proxied(path);
    }
    const d = [];
    const p = [];
    const upstreamTotal = [];
    for (let i = 0; i < runs; i += 1) {
      d.push(await direct(path));
      const answer = await proxied(path);
      p.push(answer.ms);
      upstreamTotal.push(answer.timings.totalMs);
    }
    return { d, p, upstreamTotal, runs };
  };

  const smallRun = await measure('/small', RUNS);
  const largeRun = await measure('/large', LARGE_RUNS);
  const row = (name, r) =>
    `| ${name} | ${r.runs} | ${ms(median(r.d))} | ${ms(median(r.p))} | ${ms(pct(r.p, 95))} | ${ms(median(r.upstreamTotal))} | **${ms(median(r.p) - median(r.d))}** |`;
  const added = median(smallRun.p) - median(smallRun.d);
  const verdict = added <= 5 ? 'meets' : 'misses';
  const table = [
    `Measured ${new Date().toISOString().slice(0, 10)} on this machine (${os.cpus().length} cores, Node ${process.version}; 1-minute load average ${os.loadavg()[0].toFixed(1)} at the end). One request at a time over loopback, direct and proxied alternating, after ${WARMUP} warm-up pairs; the built server with its default configuration (embedded PostgreSQL), \`EGRESS_ALLOW\` opening the upstream's host:port. "upstream" is the proxy's own \`timings.totalMs\` (resolve and check, connect, request, body read).`,
    '',
    '| upstream answer | runs | direct median ms | proxied median ms | proxied p95 ms | upstream median ms | added median ms |',
    '| --- | ---: | ---: | ---: | ---: | ---: | ---: |',
    row(`small JSON (${small.length} B)`, smallRun),
    row(`JSON of ${(large.length / 1024 / 1024).toFixed(2)} MiB`, largeRun),
    '',
    `Target: the proxy adds ≤ 5 ms median to a request to a local server — this run ${verdict} it (${ms(added)} ms).`,
    '',
    'Past the upstream exchange, the cost grows with the body: it travels inside the JSON answer (escaped by the server, parsed by the client), which is what the 1 MiB row shows.',
  ].join('\n');
  process.stdout.write(`\n${table}\n`);
  await writeSection('API client proxy (npm run bench:proxy)', table);
} finally {
  await client.close();
  await server.stop();
  upstream.close();
}
