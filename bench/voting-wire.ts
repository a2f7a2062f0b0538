import { compareCheckpoints, type Checkpoint } from '@qr/eventstore';

/**
 * What the voting bench and its screens' process both read off the wire: `x-position` and a live
 * message's `position` (`transactionId-globalPosition`), and the address each simulated phone sends.
 */

export function parsePosition(token: string): Checkpoint {
  const [transactionId, globalPosition] = token.split('-');
  return { transactionId: transactionId!, globalPosition: Number(globalPosition) };
}

/** The later of two positions, as the server orders checkpoints. */
export const laterPosition = (a: string, b: string): string => (compareCheckpoints(parsePosition(a), parsePosition(b)) >= 0 ? a : b);
