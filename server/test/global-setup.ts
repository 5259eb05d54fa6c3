import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { pino } from 'pino';
import type { TestProject } from 'vitest/node';
import type { EmbeddedDatabase } from '../src/db/embedded';

declare module 'vitest' {
  export interface ProvidedContext {
    databaseUrl: string;
  }
}

async function isReachable(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.end();
    return true;
  } catch {
    return false;
  }
}

/**
 * One throwaway database per run on the PostgreSQL at TEST_DATABASE_URL (default: the
 * machine's own at 127.0.0.1:5432), dropped at the end. A machine without one gets an
 * embedded PostgreSQL in a temporary folder instead.
 */
export default async function setup(project: TestProject) {
  let adminUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  let embedded: EmbeddedDatabase | undefined;
  let embeddedDir: string | undefined;
  if (!(await isReachable(adminUrl))) {
    // Imported only when no PostgreSQL answers.
    const { startEmbeddedPostgres } = await import('../src/db/embedded');
    embeddedDir = await mkdtemp(path.join(os.tmpdir(), 'stratum-test-pg-'));
    embedded = await startEmbeddedPostgres(embeddedDir, pino({ level: 'warn' }));
    adminUrl = embedded.connectionString.replace(/\/stratum$/, '/postgres');
  }
  const name = `stratum_test_${Date.now()}_${randomBytes(3).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  project.provide('databaseUrl', url.toString());

  return async () => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await client.end();
    await embedded?.stop();
    if (embeddedDir) await rm(embeddedDir, { recursive: true, force: true });
  };
}
