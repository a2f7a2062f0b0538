import pino, { type Logger } from 'pino';

export type { Logger };

/** One JSON line per entry on stdout. Credentials never reach a log: these paths are masked wherever they appear. */
export function createLogger(level: string): Logger {
  return pino({
    level,
    base: { service: 'qr-platform' },
    redact: {
      paths: ['req.headers.authorization', 'req.headers.cookie', '*.password', '*.token', '*.api_key'],
      censor: '[redacted]',
    },
  });
}
