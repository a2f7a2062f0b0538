import { AsyncLocalStorage } from 'node:async_hooks';
import { checkpointOfAppend, compareCheckpoints, type AppendRequest, type AppendResult, type Checkpoint } from '@qr/eventstore';

/** Response header carrying the position of the last event a request appended (DESIGN.md §1). */
export const POSITION_HEADER = 'x-position';

/**
 * What one /api/v1 request has appended so far: the checkpoint of its last event, and the types
 * of all its events, which say what read models it may wait for.
 */
export class RequestWrites {
  position: Checkpoint | undefined;
  readonly types = new Set<string>();
  /** When the request's waits for its own read models end, all of them together; set by the first. */
  waitDeadline: number | undefined;

  record(requests: readonly AppendRequest[], results: readonly (AppendResult | Error)[]): void {
    results.forEach((result, index) => {
      if (result instanceof Error || requests[index]!.events.length === 0) return;
      for (const event of requests[index]!.events) this.types.add(event.type);
      const position = checkpointOfAppend(result);
      if (!this.position || compareCheckpoints(position, this.position) > 0) this.position = position;
    });
  }
}

/** The writes of the request being handled; none outside a request (the scan routes, projections, the CLI). */
export const requestWrites = new AsyncLocalStorage<RequestWrites>();

/** A position as clients see it: the transaction id and the global position, in decimal, joined by '-'. */
export function formatPosition(position: Checkpoint): string {
  return `${position.transactionId}-${position.globalPosition}`;
}

const TOKEN = /^(\d{1,20})-(\d{1,16})$/;
const MAX_TRANSACTION_ID = 2n ** 64n - 1n;

/** The checkpoint a token names, or undefined when it is not one a server could have handed out. */
export function parsePosition(token: string): Checkpoint | undefined {
  const match = TOKEN.exec(token);
  if (!match) return undefined;
  const transactionId = BigInt(match[1]!);
  const globalPosition = Number(match[2]!);
  if (transactionId > MAX_TRANSACTION_ID || !Number.isSafeInteger(globalPosition)) return undefined;
  // Printed again without leading zeros: transaction ids are compared as such (compareCheckpoints).
  return { transactionId: transactionId.toString(), globalPosition };
}
