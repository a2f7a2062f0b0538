import { logLevel, type LogEntry } from 'kafkajs';
import type { Logger } from '@qr/platform';

/**
 * kafkajs's own lines in our log. Its errors are warnings: the relay and the workers retry and say
 * so themselves.
 */
export function kafkaLogCreator(log: Logger): () => (entry: LogEntry) => void {
  return () =>
    ({ namespace, level, log: { message, timestamp: _timestamp, logger: _logger, ...details } }: LogEntry) => {
      const fields = { kafkajs: namespace, ...details };
      if (level <= logLevel.WARN) log.warn(fields, message);
      else log.debug(fields, message);
    };
}
