import { ConfigError } from './config';
import { DataDirLockedError } from './database/data-dir-lock';
import type { Logger } from './logger';

/** On SIGINT or SIGTERM, runs `stop` once (it closes the process's parts in order), then exits. */
export function stopOnSignals(logger: Logger, stop: () => Promise<void>): void {
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    logger.info({ signal }, 'shutting down');
    await stop();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
}

/**
 * What to tell the operator of a process that could not start: a problem they must fix (a bad
 * variable, a data directory or a port in use) as its own message, anything else with its stack.
 */
export function failedStartMessage(what: string, error: unknown): string {
  if (error instanceof ConfigError || error instanceof DataDirLockedError) return error.message;
  const { code, port } = (error ?? {}) as { code?: unknown; port?: unknown };
  if (code === 'EADDRINUSE') {
    return (
      `${what} could not start: port ${String(port)} is already in use, by another copy of QR Platform or another program. ` +
      `Stop that one, or choose another port, e.g. PORT=3001 npm start.`
    );
  }
  return `${what} could not start: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`;
}

/** Ends a process that could not start, saying why (failedStartMessage). */
export function exitAfterFailedStart(what: string, error: unknown): never {
  process.stderr.write(`${failedStartMessage(what, error)}\n`);
  process.exit(1);
}
