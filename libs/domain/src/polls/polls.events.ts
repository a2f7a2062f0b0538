import type { PollBallot, PollTerms } from '@qr/contracts';

/**
 * Everything that happens to a poll, on its one stream `poll-<id>`: the stream owns who has voted in
 * the round, so one vote per voter is decided there (DESIGN.md §12). A voter is the id part of the
 * token the server signed, never an address.
 */

interface Event<Type extends string, Data> {
  type: Type;
  data: Data;
}

export type PollCreated = Event<
  'PollCreated',
  { poll_id: string; org_id: string; code_id: string; terms: PollTerms; results_hidden: boolean; created_by: string; at: string }
>;
/** Carries all the terms after the change. */
export type PollUpdated = Event<'PollUpdated', { terms: PollTerms; updated_by: string; at: string }>;
export type PollOpened = Event<'PollOpened', { by: string; at: string }>;
export type PollClosed = Event<'PollClosed', { by: string; at: string }>;
export type PollResultsRevealed = Event<'PollResultsRevealed', { by: string; at: string }>;
export type PollResultsHidden = Event<'PollResultsHidden', { by: string; at: string }>;
/** Starts round `round` with no votes; the earlier rounds' votes stay in the log and the exports. */
export type PollReset = Event<'PollReset', { round: number; by: string; at: string }>;
export type PollDeleted = Event<'PollDeleted', { by: string; at: string }>;

/** A vote in the round; `replaced` is the voter's earlier vote in it, which the results lose. */
/** Names its poll's organisation and code, so analytics counts votes per code as it counts scans, with no join. */
export type VoteCast = Event<
  'VoteCast',
  { voter: string; round: number; ballot: PollBallot; replaced: PollBallot | null; org_id: string; code_id: string; at: string }
>;

export type PollEvent = PollCreated | PollUpdated | PollOpened | PollClosed | PollResultsRevealed | PollResultsHidden | PollReset | PollDeleted | VoteCast;

export const pollStreamId = (pollId: string): string => `poll-${pollId}`;
