// What every benchmark needs: the real built server on the embedded PostgreSQL in a throwaway
// DATA_DIR, a signed-up user (code read from the outbox), and Debian's Chromium flags.
import { spawn } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

export const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const CHROME_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** Polls `url` until it answers 2xx; fails when `child` exits first or after a minute. */
export async function waitHealthy(url, child) {
  for (let i = 0; i < 600; i += 1) {
    if (child.exitCode !== null)
      throw new Error(`${url}: the process exited early (${child.exitCode})`);
    const isUp = await fetch(url).then(
      (r) => r.ok,
      () => false,
    );
    if (isUp) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${url} never became healthy`);
}

/**
 * Starts server/dist/main.js on `port` and waits for /healthz; `stop()` ends it and its data.
 * `env` overrides the environment (LOG_LEVEL: '' means the default level).
 */
export async function startServer(
  port,
  { stdio = ['ignore', 'ignore', 'inherit'], env = {} } = {},
) {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'stratum-bench-'));
  const base = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, [path.join(root, 'server/dist/main.js')], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      PUBLIC_URL: base,
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
      SMTP_URL: '',
      REDIS_URL: '',
      ...env,
    },
    stdio,
  });
  const stop = async () => {
    child.kill('SIGTERM');
    await new Promise((r) => (child.exitCode !== null ? r() : child.once('exit', r)));
    await rm(dataDir, { recursive: true, force: true });
  };
  try {
    await waitHealthy(`${base}/healthz`, child);
  } catch (error) {
    await stop();
    throw error;
  }
  return { base, dataDir, child, stop };
}

/** Registers a user and verifies it with the code from the outbox; answers the session token. */
export async function signUp({ base, dataDir }, label = 'bench') {
  const email = `${label}.${Date.now()}@example.com`;
  const post = (p, body) =>
    fetch(`${base}${p}`, {
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
  for (let i = 0; i < 100; i += 1) {
    for (const file of await readdir(outbox).catch(() => [])) {
      const raw = (await readFile(path.join(outbox, file), 'utf8')).replace(/=\r?\n/g, '');
      const code = raw.includes(email) ? /code is (\d{6})/.exec(raw)?.[1] : undefined;
      if (code) return (await (await post('/api/auth/verify-otp', { email, code })).json()).token;
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('no verification code in the outbox');
}
