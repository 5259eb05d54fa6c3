import { pino, type DestinationStream, type Logger } from 'pino';

/** Lines queued beyond this (stdout not read at all) are dropped rather than held in memory. */
const MAX_QUEUED_BYTES = 16 * 1024 * 1024;

export type TLogDestination = ReturnType<typeof pino.destination>;

/**
 * Standard output, written asynchronously: lines queue in memory while a write is in flight,
 * so neither a burst of lines nor a slow reader blocks a request (a synchronous write to a
 * full pipe blocks the whole process). `flushLogs` drains it before the process exits.
 */
export function stdoutDestination(): TLogDestination {
  return pino.destination({ dest: 1, sync: false, maxLength: MAX_QUEUED_BYTES });
}

/** The one logger: JSON lines, secrets redacted. */
export function createLogger(
  level: string,
  destination: DestinationStream = stdoutDestination(),
): Logger {
  return pino(
    {
      level,
      redact: {
        paths: [
          'req.headers.authorization',
          'req.headers.cookie',
          '*.password',
          '*.newPassword',
          '*.currentPassword',
          '*.token',
          '*.code',
          '*.connectionString',
          '*.secretKey',
        ],
        censor: '[redacted]',
      },
    },
    destination,
  );
}

/** Waits until queued lines are written, at most `timeoutMs` (a stuck stdout never holds the exit). */
export function flushLogs(destination: TLogDestination, timeoutMs = 1000): Promise<void> {
  // sonic-boom's flush() returns at once without a minimum length; its `drain` event is the signal.
  if (!(destination as unknown as { _writing: boolean })._writing) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, timeoutMs);
    timer.unref();
    destination.once('drain', () => {
      clearTimeout(timer);
      resolve();
    });
  });
}
