import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import net from 'node:net';
import { once } from 'node:events';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { execFileSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * The server as `npm start` runs it, on the embedded PostgreSQL in a throwaway DATA_DIR:
 * first start, clean stop within 10 s, a restart that keeps the data, and a restart after
 * the process was killed outright.
 */
const root = fileURLToPath(new URL('../../', import.meta.url));
let dataDir = '';
let port = 0;
const children: ChildProcess[] = [];
// Built exactly as `npm run build` bundles it, into a folder beside dist/ so packages resolve.
const bundleDir = path.join(root, 'server', '.test-dist');

beforeAll(() => {
  execFileSync(process.execPath, [path.join(root, 'server/build.mjs'), '--outdir', bundleDir]);
});

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const p = (s.address() as net.AddressInfo).port;
      s.close(() => resolve(p));
    });
  });
}

async function start(): Promise<ChildProcess> {
  const child = spawn(process.execPath, [path.join(bundleDir, 'main.js')], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
      SMTP_URL: '',
      REDIS_URL: '',
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  children.push(child);
  let stderr = '';
  child.stderr?.on('data', (c: Buffer) => (stderr += c.toString()));
  const deadline = Date.now() + 45_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited: ${stderr}`);
    const ok = await fetch(`http://127.0.0.1:${port}/healthz`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return child;
    if (Date.now() > deadline) throw new Error(`server did not become healthy: ${stderr}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

function exited(child: ChildProcess): Promise<number | null> {
  return child.exitCode !== null
    ? Promise.resolve(child.exitCode)
    : new Promise((resolve) => child.once('exit', (code) => resolve(code)));
}

const api = (p: string, body: unknown) =>
  fetch(`http://127.0.0.1:${port}${p}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

afterAll(async () => {
  for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
  if (dataDir) {
    const pidFile = path.join(dataDir, 'postgres', 'postmaster.pid');
    if (existsSync(pidFile)) {
      const { readFileSync } = await import('node:fs');
      const pid = Number(readFileSync(pidFile, 'utf8').split('\n')[0]);
      try {
        process.kill(pid, 'SIGINT');
      } catch {
        /* already gone */
      }
      await new Promise((r) => setTimeout(r, 1000));
    }
    await rm(dataDir, { recursive: true, force: true });
  }
  await rm(bundleDir, { recursive: true, force: true });
});

describe('npm start on the embedded PostgreSQL', () => {
  it(
    'initialises, serves, stops within 10 s, restarts with its data, and survives SIGKILL',
    { timeout: 150_000 },
    async () => {
      dataDir = await mkdtemp(path.join(os.tmpdir(), 'stratum-data-'));
      port = await freePort();
      const email = `proc.${Date.now()}@example.com`;

      const first = await start();
      expect(existsSync(path.join(dataDir, 'postgres', 'PG_VERSION'))).toBe(true);
      const reg = await api('/api/auth/register', {
        email,
        password: 'Str0ng!Passw0rd',
        firstName: 'P',
        lastName: 'Q',
      });
      expect(reg.status).toBe(200);
      const outbox = await readdir(path.join(dataDir, 'outbox'));
      expect(outbox.some((f) => f.endsWith('.eml'))).toBe(true);

      const stoppedAt = Date.now();
      first.kill('SIGTERM');
      expect(await exited(first)).toBe(0);
      expect(Date.now() - stoppedAt).toBeLessThan(10_000);
      expect(existsSync(path.join(dataDir, 'postgres', 'postmaster.pid'))).toBe(false);

      const second = await start();
      // The account is still there: the right password now asks for verification.
      expect((await api('/api/auth/login', { email, password: 'Str0ng!Passw0rd' })).status).toBe(
        403,
      );
      second.kill('SIGKILL');
      await exited(second);

      const third = await start();
      expect((await api('/api/auth/login', { email, password: 'Str0ng!Passw0rd' })).status).toBe(
        403,
      );
      third.kill('SIGINT');
      expect(await exited(third)).toBe(0);
    },
  );

  it(
    'exits within the grace period after SIGTERM while a client holds a connection and a half-sent upload',
    { timeout: 90_000 },
    async () => {
      if (!dataDir) {
        dataDir = await mkdtemp(path.join(os.tmpdir(), 'stratum-data-'));
        port = await freePort();
      }
      const child = await start();
      // A keep-alive connection that has finished a request, and one whose body never ends.
      const idle = net.connect(port, '127.0.0.1');
      const stalled = net.connect(port, '127.0.0.1');
      idle.on('error', () => undefined);
      stalled.on('error', () => undefined);
      await Promise.all([once(idle, 'connect'), once(stalled, 'connect')]);
      idle.write('GET /healthz HTTP/1.1\r\nHost: x\r\nConnection: keep-alive\r\n\r\n');
      await once(idle, 'data');
      stalled.write(
        'POST /api/auth/login HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{"email":',
      );
      await new Promise((r) => setTimeout(r, 300));

      const stoppedAt = Date.now();
      child.kill('SIGTERM');
      const code = await exited(child);
      const took = Date.now() - stoppedAt;
      idle.destroy();
      stalled.destroy();
      // The stalled upload is cut after 5 s, so the database still stops cleanly: exit 0.
      expect(code).toBe(0);
      expect(took).toBeLessThan(10_000);
      expect(existsSync(path.join(dataDir, 'postgres', 'postmaster.pid'))).toBe(false);
    },
  );

  it.runIf(process.getuid?.() === 0)(
    'as root with DATA_DIR in a folder the postgres user cannot enter, stops with one clear line',
    { timeout: 60_000 },
    async () => {
      const home = await mkdtemp(path.join(os.tmpdir(), 'stratum-private-')); // mode 700
      const child = spawn(process.execPath, [path.join(bundleDir, 'main.js')], {
        cwd: root,
        env: { ...process.env, PORT: '0', DATA_DIR: path.join(home, 'data'), DATABASE_URL: '' },
        stdio: ['ignore', 'ignore', 'pipe'],
      });
      let stderr = '';
      child.stderr?.on('data', (c: Buffer) => (stderr += c.toString()));
      expect(await exited(child)).toBe(1);
      await rm(home, { recursive: true, force: true });
      expect(stderr.trim().split('\n')).toEqual([
        expect.stringMatching(
          /^Stratum failed to start: .*"postgres" system user, which cannot enter/,
        ),
      ]);
    },
  );
});
