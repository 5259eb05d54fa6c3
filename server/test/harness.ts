import { inject } from 'vitest';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { pino } from 'pino';
import { buildApp } from '../src/app';
import { loadConfig, type Config } from '../src/config';
import { createDb, createPool, type Db } from '../src/db/database';
import { migrate } from '../src/db/migrate';
import { createMailer } from '../src/lib/mail/mailer';
import { deriveKeys } from '../src/lib/secrets';
import { createMemoryState, type SharedState } from '../src/lib/shared-state';
import { Mailbox } from './mailbox';

export interface TestServer {
  app: FastifyInstance;
  db: Db;
  mailbox: Mailbox;
  config: Config;
  close(): Promise<void>;
}

let migrated: Promise<unknown> | undefined;

/** The real app on the run's throwaway PostgreSQL, mailing a real SMTP server on loopback. */
export async function startTestServer(
  overrides: Partial<Config> = {},
  shared: SharedState = createMemoryState(),
): Promise<TestServer> {
  const databaseUrl = inject('databaseUrl');
  const pool = createPool(databaseUrl);
  migrated ??= migrate(pool).then(() => seedOwner(pool));
  await migrated;
  const mailbox = new Mailbox();
  const smtpUrl = await mailbox.start();
  const config: Config = {
    ...loadConfig({
      DATABASE_URL: databaseUrl,
      SMTP_URL: smtpUrl,
      DATA_DIR: '/tmp/stratum-test',
      NODE_ENV: 'test',
    }),
    ...overrides,
  };
  const logger = pino({ level: process.env.HARNESS_LOG ?? 'silent' });
  const db = createDb(pool);
  const app = await buildApp({
    config,
    db,
    shared,
    mailer: createMailer({
      smtpUrl,
      from: config.mailFrom,
      outboxDir: '/tmp/stratum-test/outbox',
      log: logger,
    }),
    keys: deriveKeys('test-secret-key-that-is-long-enough-0123456789'),
    logger,
    webRoot: '/nonexistent',
  });
  await app.ready();
  return {
    app,
    db,
    mailbox,
    config,
    async close() {
      await app.close();
      await mailbox.stop();
      await db.destroy();
    },
  };
}

/**
 * The instance's owner, before any test signs up: otherwise whichever test signs up first
 * becomes the owner (the first account is) and, as staff, has no quotas (decision 0010).
 */
async function seedOwner(pool: ReturnType<typeof createPool>): Promise<void> {
  await pool.query(
    `INSERT INTO users (email, password_hash, first_name, last_name, role, email_verified_at)
     VALUES ('owner@harness.invalid', '!', 'Instance', 'Owner', 'owner', now())
     ON CONFLICT DO NOTHING`,
  );
}

let counter = 0;
/** A fresh, unique address per call, so tests never share data. */
export function uniqueEmail(prefix = 'user'): string {
  counter += 1;
  return `${prefix}.${Date.now().toString(36)}.${counter}.${Math.random().toString(36).slice(2, 6)}@example.com`;
}

export const STRONG_PASSWORD = 'Str0ng!Passw0rd';

export function json<T = Record<string, unknown>>(response: LightMyRequestResponse): T {
  return response.json<T>();
}

/** Registers and verifies an account through the API; answers its token and user. */
export async function signUp(
  server: TestServer,
  email = uniqueEmail(),
  password = STRONG_PASSWORD,
): Promise<{ email: string; password: string; token: string; userId: string }> {
  const register = await server.app.inject({
    method: 'POST',
    url: '/api/auth/register',
    payload: { email, password, firstName: 'Test', lastName: 'User' },
  });
  if (register.statusCode !== 200) throw new Error(`register failed: ${register.body}`);
  const code = await codeFor(server, email);
  const verify = await server.app.inject({
    method: 'POST',
    url: '/api/auth/verify-otp',
    payload: { email, code },
  });
  const body = json<{ token: string; user: { id: string } }>(verify);
  return { email, password, token: body.token, userId: body.user.id };
}

export async function codeFor(server: TestServer, email: string, after = 0): Promise<string> {
  const mail = await server.mailbox.waitFor(
    email,
    (m) => /verification code/i.test(m.subject) && server.mailbox.messages.indexOf(m) >= after,
  );
  const code = /code is (\d{6})/.exec(mail.text)?.[1];
  if (!code) throw new Error(`no code in mail: ${mail.text}`);
  return code;
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
