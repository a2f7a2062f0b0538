import { PollBallot, PollTerms } from '@qr/contracts';
import type { CodeActor } from '../codes';
import { deciderSpec } from '../testing/decider-spec';
import type { CastVote, ChangePoll, PollCommand } from './polls.commands';
import { pollDecider } from './poll.decider';
import type { PollEvent } from './polls.events';

const given = deciderSpec(pollDecider);
const editor: CodeActor = { id: 'ed@example.com', role: 'editor' };
const viewer: CodeActor = { id: 'vi@example.com', role: 'viewer' };
const at = '2026-12-04T19:00:00.000Z';
const single = PollTerms.parse({
  question: 'Lunch?',
  kind: 'single',
  options: [
    { id: 'pizza', label: 'Pizza' },
    { id: 'soup', label: 'Soup' },
  ],
});
const multiple = PollTerms.parse({ ...single, kind: 'multiple', max_choices: 2, options: [...single.options, { id: 'salad', label: 'Salad' }] });
const rating = PollTerms.parse({ question: 'How was it?', kind: 'rating', rating_max: 5 });
const cloud = PollTerms.parse({ question: 'One word for today', kind: 'word_cloud' });

const created = (terms: PollTerms = single): PollEvent => ({
  type: 'PollCreated',
  data: { poll_id: 'p-1', org_id: 'org-1', code_id: 'AAAAAAAAA1', terms, results_hidden: false, created_by: editor.id, at },
});
const opened: PollEvent = { type: 'PollOpened', data: { by: editor.id, at } };
const closed: PollEvent = { type: 'PollClosed', data: { by: editor.id, at } };
const ballot = (fields: Partial<PollBallot>): PollBallot => PollBallot.parse(fields);
const vote = (fields: Partial<PollBallot>, voter = 'v-1'): CastVote => ({ type: 'CastVote', voter, ballot: ballot(fields), at });
const cast = (fields: Partial<PollBallot>, replaced: Partial<PollBallot> | null = null, voter = 'v-1', round = 1): PollEvent => ({
  type: 'VoteCast',
  data: { voter, round, ballot: ballot(fields), replaced: replaced && ballot(replaced), org_id: 'org-1', code_id: 'AAAAAAAAA1', at },
});
const change = (action: ChangePoll['action'], actor = editor): PollCommand => ({ type: 'ChangePoll', actor, at, action });

describe('the poll decider', () => {
  it('creates a draft that takes no votes until it is opened', () => {
    given([])
      .when({ type: 'CreatePoll', actor: editor, at, poll_id: 'p-1', org_id: 'org-1', code_id: 'AAAAAAAAA1', terms: single, results_hidden: false })
      .then([created()]);
    given([created()])
      .when(vote({ choices: ['pizza'] }))
      .then('poll_not_open');
    given([created(), opened, closed])
      .when(vote({ choices: ['pizza'] }))
      .then('poll_not_open');
  });

  it('counts one vote per voter: the same vote again decides nothing, another replaces it', () => {
    given([created(), opened])
      .when(vote({ choices: ['pizza'] }))
      .then([cast({ choices: ['pizza'] })]);
    given([created(), opened, cast({ choices: ['pizza'] })])
      .when(vote({ choices: ['pizza'] }))
      .then([]);
    given([created(), opened, cast({ choices: ['pizza'] })])
      .when(vote({ choices: ['soup'] }))
      .then([cast({ choices: ['soup'] }, { choices: ['pizza'] })]);
  });

  it('refuses a second, different vote when the poll does not allow changes', () => {
    const fixed = created({ ...single, allow_change: false });
    given([fixed, opened, cast({ choices: ['pizza'] })])
      .when(vote({ choices: ['soup'] }))
      .then('poll_already_voted');
    given([fixed, opened, cast({ choices: ['pizza'] })])
      .when(vote({ choices: ['pizza'] }))
      .then([]);
  });

  it('refuses choices the poll does not have, too many of them, and fields of another kind', () => {
    given([created(), opened])
      .when(vote({ choices: ['steak'] }))
      .then('poll_vote_invalid');
    given([created(), opened])
      .when(vote({ choices: ['pizza', 'soup'] }))
      .then('poll_vote_invalid');
    given([created(), opened])
      .when(vote({ choices: [] }))
      .then('poll_vote_invalid');
    given([created(), opened])
      .when(vote({ rating: 3 }))
      .then('poll_vote_invalid');
    given([created(multiple), opened])
      .when(vote({ choices: ['pizza', 'soup', 'salad'] }))
      .then('poll_vote_invalid');
    given([created(rating), opened])
      .when(vote({ rating: 6 }))
      .then('poll_vote_invalid');
    given([created(cloud), opened])
      .when(vote({ words: ['   '] }))
      .then('poll_vote_invalid');
  });

  it('counts options in the poll’s order, once each, and words as written in lower case', () => {
    given([created(multiple), opened])
      .when(vote({ choices: ['salad', 'pizza', 'salad'] }))
      .then([cast({ choices: ['pizza', 'salad'] })]);
    given([created(cloud), opened])
      .when(vote({ words: ['  Big   Day ', 'big day', 'Coffee'] }))
      .then([cast({ words: ['big day', 'coffee'] })]);
    given([created(rating), opened])
      .when(vote({ rating: 5 }))
      .then([cast({ rating: 5 })]);
  });

  it('starts a new round on reset, in which a voter of the last round votes afresh', () => {
    const reset: PollEvent = { type: 'PollReset', data: { round: 2, by: editor.id, at } };
    given([created(), opened, cast({ choices: ['pizza'] })])
      .when(change('reset'))
      .then([reset]);
    given([created(), opened, cast({ choices: ['pizza'] }), reset])
      .when(vote({ choices: ['pizza'] }))
      .then([cast({ choices: ['pizza'] }, null, 'v-1', 2)]);
  });

  it('switches open, closed, hidden and revealed once each', () => {
    given([created()]).when(change('open')).then([opened]);
    given([created(), opened]).when(change('open')).then([]);
    given([created()]).when(change('close')).then([]);
    given([created(), opened]).when(change('close')).then([closed]);
    given([created()])
      .when(change('hide'))
      .then([{ type: 'PollResultsHidden', data: { by: editor.id, at } }]);
    given([created()]).when(change('reveal')).then([]);
  });

  it('keeps the question and options as voted on until the poll is reset', () => {
    given([created(), opened])
      .when({ type: 'UpdatePoll', actor: editor, at, terms: rating })
      .then([{ type: 'PollUpdated', data: { terms: rating, updated_by: editor.id, at } }]);
    given([created(), opened, cast({ choices: ['pizza'] })])
      .when({ type: 'UpdatePoll', actor: editor, at, terms: rating })
      .then('poll_has_votes');
  });

  it('lets only editors change a poll, and answers a deleted one as unknown', () => {
    given([created()]).when(change('open', viewer)).then('forbidden');
    const deleted: PollEvent = { type: 'PollDeleted', data: { by: editor.id, at } };
    given([created()]).when({ type: 'DeletePoll', actor: editor, at }).then([deleted]);
    given([created(), deleted]).when(change('open')).then('poll_not_found');
    given([created(), opened, deleted])
      .when(vote({ choices: ['pizza'] }))
      .then('poll_not_found');
    given([])
      .when(vote({ choices: ['pizza'] }))
      .then('poll_not_found');
  });
});
