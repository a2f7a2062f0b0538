/**
 * Read your own writes: a command's answer carries the position of its last event in this header,
 * `<transaction id>-<global position>`, and a query given that position as `min_position` waits
 * (bounded) until the read models it reads have reached it. The client keeps the latest position it
 * was told and asks every later query of the API to be at least there, so a list refetched after a
 * change shows the change.
 */
export const POSITION_HEADER = 'x-position';
export const MIN_POSITION_PARAM = 'min_position';

const TOKEN = /^(\d+)-(\d+)$/;

interface Position {
  token: string;
  transactionId: bigint;
  globalPosition: bigint;
}

let latest: Position | null = null;

/** Positions order by transaction id, then by global position; both may exceed 2^53, hence BigInt. */
function isAfter(a: Position, b: Position): boolean {
  return a.transactionId === b.transactionId ? a.globalPosition > b.globalPosition : a.transactionId > b.transactionId;
}

/** Keeps a position the server answered with, if it is later than the one kept; anything else is not a position and is ignored. */
export function rememberPosition(token: string | null): void {
  const match = token === null ? null : TOKEN.exec(token);
  if (match === null) return;
  const position = { token: match[0], transactionId: BigInt(match[1]!), globalPosition: BigInt(match[2]!) };
  if (latest === null || isAfter(position, latest)) latest = position;
}

/** The latest position the server answered with, if any. */
export const latestPosition = (): string | null => latest?.token ?? null;

/** Forgets the kept position: for a test that starts afresh. */
export function forgetPosition(): void {
  latest = null;
}

/** The path of a query to the API, asked to be at least at the latest position; other paths, and any path before a first position, as they are. */
export function atLatestPosition(path: string, method: string): string {
  if (latest === null || method.toUpperCase() !== 'GET' || !path.startsWith('/api/v1/')) return path;
  return `${path}${path.includes('?') ? '&' : '?'}${MIN_POSITION_PARAM}=${encodeURIComponent(latest.token)}`;
}
