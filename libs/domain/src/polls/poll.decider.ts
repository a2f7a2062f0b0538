import { DomainError, MAX_WORD_LENGTH, normaliseWord, type PollBallot, type PollStatus, type PollTerms } from '@qr/contracts';
import type { Decider } from '../decider';
import { can } from '../identity';
import type { CodeActor } from '../codes';
import type { CastVote, ChangePoll, PollCommand } from './polls.commands';
import type { PollEvent } from './polls.events';

/**
 * What a poll's votes are decided on. The map of voters grows with the room, so `evolve` changes the
 * state in place (a live poll's state is held in memory by the API's serialiser) and `initialState`
 * hands out a fresh one each time it is read.
 */
export interface PollState {
  status: PollStatus | 'deleted' | null;
  poll_id: string;
  org_id: string;
  code_id: string;
  terms: PollTerms | null;
  results_hidden: boolean;
  round: number;
  /** This round's vote of each voter. */
  votes: Map<string, PollBallot>;
}

const emptyState = (): PollState => ({
  status: null,
  poll_id: '',
  org_id: '',
  code_id: '',
  terms: null,
  results_hidden: false,
  round: 1,
  votes: new Map(),
});

function evolve(state: PollState, event: PollEvent): PollState {
  switch (event.type) {
    case 'PollCreated':
      state.status = 'draft';
      state.poll_id = event.data.poll_id;
      state.org_id = event.data.org_id;
      state.code_id = event.data.code_id;
      state.terms = event.data.terms;
      state.results_hidden = event.data.results_hidden;
      break;
    case 'PollUpdated':
      state.terms = event.data.terms;
      break;
    case 'PollOpened':
      state.status = 'open';
      break;
    case 'PollClosed':
      state.status = 'closed';
      break;
    case 'PollResultsRevealed':
      state.results_hidden = false;
      break;
    case 'PollResultsHidden':
      state.results_hidden = true;
      break;
    case 'PollReset':
      state.round = event.data.round;
      state.votes = new Map();
      break;
    case 'PollDeleted':
      state.status = 'deleted';
      break;
    case 'VoteCast':
      if (event.data.round === state.round) state.votes.set(event.data.voter, event.data.ballot);
      break;
  }
  return state;
}

/** What a deleted, an unknown and another organisation's poll answer alike. */
export const pollNotFound = () => new DomainError('poll_not_found', 'No such poll.');

const mayChange = (actor: CodeActor) => {
  if (!can.write('engagement', actor.role)) throw new DomainError('forbidden', 'Your role does not allow you to change polls.');
};

function livePoll(state: PollState): PollTerms {
  if (state.status === null || state.status === 'deleted' || state.terms === null) throw pollNotFound();
  return state.terms;
}

const invalidVote = (detail: string) => new DomainError('poll_vote_invalid', detail);

/** The ballot as counted, checked against the poll's kind: option ids in the poll's order, words as counted. */
export function countedBallot(terms: PollTerms, ballot: PollBallot): PollBallot {
  switch (terms.kind) {
    case 'single':
    case 'multiple': {
      if (ballot.rating !== null || ballot.words.length > 0) throw invalidVote('This poll takes a choice of its options.');
      const picked = new Set(ballot.choices);
      const unknown = [...picked].filter((id) => !terms.options.some((option) => option.id === id));
      if (unknown.length > 0) throw invalidVote(`This poll has no option ${unknown.map((id) => `“${id}”`).join(', ')}.`);
      const most = terms.kind === 'single' ? 1 : terms.max_choices;
      if (picked.size === 0) throw invalidVote('Pick an option.');
      if (picked.size > most) throw invalidVote(most === 1 ? 'Pick one option.' : `Pick at most ${most} options.`);
      return { choices: terms.options.filter((option) => picked.has(option.id)).map((option) => option.id), rating: null, words: [] };
    }
    case 'rating':
      if (ballot.choices.length > 0 || ballot.words.length > 0) throw invalidVote('This poll takes a rating.');
      if (ballot.rating === null || ballot.rating > terms.rating_max) throw invalidVote(`Give a rating from 1 to ${terms.rating_max}.`);
      return { choices: [], rating: ballot.rating, words: [] };
    case 'word_cloud': {
      if (ballot.choices.length > 0 || ballot.rating !== null) throw invalidVote('This poll takes words.');
      const words = [...new Set(ballot.words.map(normaliseWord).filter((word) => word !== ''))];
      if (words.length === 0) throw invalidVote('Give a word.');
      if (words.some((word) => word.length > MAX_WORD_LENGTH)) throw invalidVote(`A word is at most ${MAX_WORD_LENGTH} characters.`);
      return { choices: [], rating: null, words };
    }
  }
}

const sameBallot = (a: PollBallot, b: PollBallot): boolean =>
  a.rating === b.rating && a.choices.join('\n') === b.choices.join('\n') && a.words.join('\n') === b.words.join('\n');

function castVote(command: CastVote, state: PollState): PollEvent[] {
  const terms = livePoll(state);
  if (state.status !== 'open') throw new DomainError('poll_not_open', state.status === 'draft' ? 'This poll has not opened yet.' : 'This poll is closed.');
  const ballot = countedBallot(terms, command.ballot);
  const earlier = state.votes.get(command.voter) ?? null;
  if (earlier !== null && sameBallot(earlier, ballot)) return [];
  if (earlier !== null && !terms.allow_change) throw new DomainError('poll_already_voted', 'You have voted in this poll already.');
  return [
    {
      type: 'VoteCast',
      data: { voter: command.voter, round: state.round, ballot, replaced: earlier, org_id: state.org_id, code_id: state.code_id, at: command.at },
    },
  ];
}

function changePoll({ action, actor, at }: ChangePoll, state: PollState): PollEvent[] {
  const by = actor.id;
  switch (action) {
    case 'open':
      return state.status === 'open' ? [] : [{ type: 'PollOpened', data: { by, at } }];
    case 'close':
      return state.status === 'open' ? [{ type: 'PollClosed', data: { by, at } }] : [];
    case 'reveal':
      return state.results_hidden ? [{ type: 'PollResultsRevealed', data: { by, at } }] : [];
    case 'hide':
      return state.results_hidden ? [] : [{ type: 'PollResultsHidden', data: { by, at } }];
    case 'reset':
      return [{ type: 'PollReset', data: { round: state.round + 1, by, at } }];
  }
}

function decide(command: PollCommand, state: PollState): PollEvent[] {
  if (command.type === 'CastVote') return castVote(command, state);
  mayChange(command.actor);
  if (command.type === 'CreatePoll') {
    if (state.status !== null) throw new DomainError('wrong_expected_version', 'This poll exists already.');
    const { poll_id, org_id, code_id, terms, results_hidden, actor, at } = command;
    return [{ type: 'PollCreated', data: { poll_id, org_id, code_id, terms, results_hidden, created_by: actor.id, at } }];
  }
  livePoll(state);
  switch (command.type) {
    case 'UpdatePoll':
      if (state.votes.size > 0)
        throw new DomainError('poll_has_votes', 'People have voted in this round: reset the poll before changing its question or options.');
      return [{ type: 'PollUpdated', data: { terms: command.terms, updated_by: command.actor.id, at: command.at } }];
    case 'ChangePoll':
      return changePoll(command, state);
    case 'DeletePoll':
      return [{ type: 'PollDeleted', data: { by: command.actor.id, at: command.at } }];
  }
}

export const pollDecider: Decider<PollCommand, PollEvent, PollState> = {
  get initialState() {
    return emptyState();
  },
  evolve,
  decide,
};
