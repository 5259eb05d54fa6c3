import type { FastifyInstance } from 'fastify';
import { ConfigError, loadConfig, type Config } from './config';
import { startEmbeddedPostgres } from './db/embedded';
import { StartError } from './db/postgres-process';
import { createLogger, flushLogs, stdoutDestination } from './logger';
import type { Runtime } from './runtime';

/** After a signal the process is gone within this, whatever still runs. */
const SHUTDOWN_DEADLINE_MS = 10_000;
/** Connections still open this long after a signal (a stalled upload, a held stream) are cut. */
const FORCE_CLOSE_AFTER_MS = 5_000;

interface TStarted {
  app: FastifyInstance;
  runtime: Runtime;
}

function readConfig(): Config {
  try {
    return loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }
}

async function main(): Promise<void> {
  const config = readConfig();
  const logs = stdoutDestination();
  const logger = createLogger(config.logLevel, logs);

  // The embedded PostgreSQL (its own process) starts first; the rest of the server's code loads
  // while initdb or postgres works (loading it earlier would hold up the steps before the spawn).
  let loadCode = () => {};
  const isCodeWanted = new Promise<void>((resolve) => (loadCode = resolve));
  const database = config.databaseUrl
    ? Promise.resolve(undefined)
    : startEmbeddedPostgres(config.dataDir, logger, () => loadCode());
  database.then(loadCode, loadCode); // also when there is nothing to wait for, or it failed
  const starting = (async (): Promise<TStarted> => {
    await isCodeWanted;
    const [{ startRuntime }, { buildApp }] = await Promise.all([
      import('./runtime'),
      import('./app'),
    ]).catch(async (error: unknown) => {
      await (await database.catch(() => undefined))?.stop();
      throw error;
    });
    const runtime = await startRuntime(config, logger, await database);
    try {
      return { app: await buildApp(runtime.context), runtime };
    } catch (error) {
      await runtime.stop();
      throw error;
    }
  })();

  let isStopping = false;
  const exit = async (code: number, flushMs = 1000) => {
    await flushLogs(logs, flushMs);
    process.exit(code);
  };
  const shutdown = async (signal: string) => {
    if (isStopping) return;
    isStopping = true;
    logger.info({ signal }, 'shutting down');
    // Fires early enough that its own log flush still ends within the deadline.
    setTimeout(() => {
      logger.error(`shutdown took longer than ${SHUTDOWN_DEADLINE_MS / 1000} s; exiting`);
      void exit(1, 250);
    }, SHUTDOWN_DEADLINE_MS - 300).unref();
    const started = await starting.catch(() => undefined);
    if (!started) return; // start-up failed and is already exiting
    const forceClose = setTimeout(() => {
      logger.warn('closing connections still open after 5 s');
      started.app.server.closeAllConnections();
    }, FORCE_CLOSE_AFTER_MS);
    forceClose.unref();
    try {
      await started.app.close();
      clearTimeout(forceClose);
      await started.runtime.stop();
      logger.info('stopped');
      await exit(0);
    } catch (error) {
      logger.error({ err: error }, 'shutdown failed');
      await exit(1);
    }
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGHUP', () => void shutdown('SIGHUP'));

  const { app, runtime } = await starting;
  if (isStopping) return;
  try {
    await app.listen({ port: config.port, host: config.host });
  } catch (error) {
    logger.error({ err: error }, 'could not listen');
    await runtime.stop();
    await exit(1);
  }
  logger.info(`Stratum is serving on ${config.publicUrl}`);
}

main().catch((error: unknown) => {
  // A StartError says what to do in one line; anything else comes with its stack.
  const detail =
    error instanceof StartError
      ? error.message
      : error instanceof Error
        ? (error.stack ?? error.message)
        : String(error);
  process.stderr.write(`Stratum failed to start: ${detail}\n`);
  process.exit(1);
});
