import { pino, type Logger } from 'pino';

/** The one logger: JSON lines, secrets redacted. */
export function createLogger(level: string): Logger {
  return pino({
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
  });
}
