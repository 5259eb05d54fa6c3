import { pino } from 'pino';
import { buildApp } from './app';
import { loadConfig } from './config';
import { createDb, createPool } from './db/database';
import { createMailer } from './lib/mail/mailer';
import { deriveKeys } from './lib/secrets';
import { createMemoryState } from './lib/shared-state';

/** The OpenAPI document of every route, generated from the shared contract (no database needed). */
export async function generateOpenApiDocument(): Promise<string> {
  const logger = pino({ level: 'silent' });
  const db = createDb(createPool('postgres://unused@127.0.0.1:1/unused'));
  const app = await buildApp({
    config: loadConfig({}),
    db,
    shared: createMemoryState(),
    mailer: createMailer({
      smtpUrl: undefined,
      from: 'x <x@example.com>',
      outboxDir: '/nonexistent',
      log: logger,
    }),
    keys: deriveKeys('openapi-generation-only-0123456789abcdef'),
    logger,
    webRoot: '/nonexistent',
  });
  await app.ready();
  const document = JSON.stringify(app.swagger(), null, 2) + '\n';
  await app.close();
  await db.destroy();
  return document;
}
