/**
 * Whether a failed batch should be tried again as it is (the database or ClickHouse is down, busy,
 * or lost a race) rather than blamed on one of its messages. Decided by the error's code, never its
 * text. Errors that carry no code at all (a client's "Connection terminated", "Timeout error.")
 * count as transient: retrying a bad message forever stalls one projection and says so in the log
 * and in health, while dead-lettering a good one would lose it. Only a programming error a message
 * provoked (TypeError and the like) or a statement the server refused for its values is the
 * message's fault.
 */
export function isTransient(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { code, cause } = error as { code?: unknown; cause?: unknown };
  if (typeof code === 'string' && code !== '') {
    // Node's system errors (ECONNREFUSED, ECONNRESET, EPIPE, …); no SQLSTATE class starts with E.
    if (/^E[A-Z0-9_]+$/.test(code)) return true;
    if (SQLSTATE.test(code)) return TRANSIENT_SQLSTATE_CLASSES.has(code.slice(0, 2)) || TRANSIENT_SQLSTATES.has(code);
    if (/^\d+$/.test(code)) return TRANSIENT_CLICKHOUSE_CODES.has(code);
  }
  if (cause !== undefined && cause !== error) return isTransient(cause);
  return !(error instanceof TypeError || error instanceof RangeError || error instanceof SyntaxError || error instanceof ReferenceError);
}

const SQLSTATE = /^[0-9A-Z]{5}$/;
/** Connection exception, insufficient resources, operator intervention (shutdown), system error. */
const TRANSIENT_SQLSTATE_CLASSES = new Set(['08', '53', '57', '58']);
/** Serialization failure, deadlock, lock not available: the batch lost a race and goes again. */
const TRANSIENT_SQLSTATES = new Set(['40001', '40P01', '55P03']);
/** ClickHouse: timeouts, overload, too many parts, network errors, unknown status of an insert. */
const TRANSIENT_CLICKHOUSE_CODES = new Set(['159', '164', '202', '209', '210', '241', '242', '252', '319', '425']);
