import { pino, type DestinationStream, type Logger } from 'pino';

/** The one logger: JSON lines, secrets redacted. */
export function createLogger(level: string, destination?: DestinationStream): Logger {
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
