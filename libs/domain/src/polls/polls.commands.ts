import type { PollBallot, PollTerms } from '@qr/contracts';
import type { CodeActor } from '../codes';

/** `poll_id` is drawn by the handler, which has checked that the code is the organisation's. */
export interface CreatePoll {
  type: 'CreatePoll';
  actor: CodeActor;
  at: string;
  poll_id: string;
  org_id: string;
  code_id: string;
  terms: PollTerms;
  results_hidden: boolean;
}

export interface UpdatePoll {
  type: 'UpdatePoll';
  actor: CodeActor;
  at: string;
  terms: PollTerms;
}

/** Staff's switches: open, close, reveal, hide, reset; each a no-op when the poll is already so (reset never is). */
export interface ChangePoll {
  type: 'ChangePoll';
  actor: CodeActor;
  at: string;
  action: 'open' | 'close' | 'reveal' | 'hide' | 'reset';
}

export interface DeletePoll {
  type: 'DeletePoll';
  actor: CodeActor;
  at: string;
}

/** A voter's vote as the visitor sent it; the voter is the verified id of their token. */
export interface CastVote {
  type: 'CastVote';
  voter: string;
  ballot: PollBallot;
  at: string;
}

export type PollCommand = CreatePoll | UpdatePoll | ChangePoll | DeletePoll | CastVote;
