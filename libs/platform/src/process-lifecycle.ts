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
 * Ends a process that could not start: a problem the operator must fix (a bad variable, a data
 * directory in use) as its own message, anything else with its stack.
 */
export function exitAfterFailedStart(what: string, error: unknown): never {
  if (error instanceof ConfigError || error instanceof DataDirLockedError) process.stderr.write(`${error.message}\n`);
  else process.stderr.write(`${what} could not start: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
}
