import { randomUUID } from 'node:crypto';
import { PollTerms } from '@qr/contracts';
import type { PollCommand } from '@qr/domain';
import { loadConfig } from '@qr/platform';
import { testAdapters } from '@qr/platform/testing';
import { polls } from '@qr/projections-engagement';
import { projectionTestbed } from '@qr/projections-runner/testing';
import { HotPathAppender } from '../hot-path-appender';
import { PollDecisions } from './poll-decisions';

const PARALLEL = 200;
const actor = { id: 'owner@example.com', role: 'owner' as const };
const at = () => new Date().toISOString();

describe.each(testAdapters())('one vote per voter per poll under concurrency on $name', (adapter) => {
  const bed = projectionTestbed(adapter, [polls]);
  const config = loadConfig({ NODE_ENV: 'test' });
  let serialisers: PollDecisions[] = [];

  afterEach(async () => {
    await Promise.all(serialisers.map((serialiser) => serialiser.onModuleDestroy()));
    serialisers = [];
  });

  /** One API process's serialiser, with an appender of its own, over the shared store. */
  const apiProcess = () => {
    const serialiser = new PollDecisions(bed.store, new HotPathAppender(bed.store, config));
    serialisers.push(serialiser);
    return serialiser;
  };

  const openPoll = async (decisions: PollDecisions, terms: object) => {
    const pollId = randomUUID();
    const created: PollCommand = {
      type: 'CreatePoll',
      actor,
      at: at(),
      poll_id: pollId,
      org_id: 'votes-org',
      code_id: 'VotesCode',
      terms: PollTerms.parse({
        question: 'Which?',
        kind: 'single',
        options: [
          { id: 'a', label: 'A' },
          { id: 'b', label: 'B' },
        ],
        ...terms,
      }),
      results_hidden: false,
    };
    await decisions.decide(pollId, created);
    await decisions.decide(pollId, { type: 'ChangePoll', action: 'open', actor, at: at() });
    return pollId;
  };

  const cast = (decisions: PollDecisions, pollId: string, voter: string, choice: string) =>
    decisions.decide(pollId, { type: 'CastVote', voter, ballot: { choices: [choice], rating: null, words: [] }, at: at() }).then(
      () => 'counted',
      (error: { code?: string }) => error.code ?? 'error',
    );

  /** The read model's count of the round, once it has every vote. */
  const countedVoters = async (pollId: string) => {
    await bed.runner.start();
    await bed.runner.caughtUp();
    const rounds = await bed.db.query<{ voters: number }>('SELECT voters FROM poll_rounds WHERE poll_id = $1', [pollId]);
    const tallies = await bed.db.query<{ votes: number }>('SELECT coalesce(sum(votes), 0)::int AS votes FROM poll_tallies WHERE poll_id = $1', [pollId]);
    return { voters: rounds.rows[0]?.voters ?? 0, votes: tallies.rows[0]!.votes };
  };

  it(`counts ${PARALLEL} parallel votes of one voter, over two API processes, once`, async () => {
    const [one, two] = [apiProcess(), apiProcess()];
    const pollId = await openPoll(one, { allow_change: false });
    const outcomes = await Promise.all(Array.from({ length: PARALLEL }, (_, i) => cast(i % 2 ? one : two, pollId, 'the-voter', i % 4 < 2 ? 'a' : 'b')));
    expect(outcomes.filter((outcome) => outcome === 'counted').length).toBeGreaterThanOrEqual(1);
    expect(outcomes.filter((outcome) => outcome !== 'counted' && outcome !== 'poll_already_voted')).toEqual([]);
    expect(await countedVoters(pollId)).toEqual({ voters: 1, votes: 1 });
  });

  it(`counts one voter’s ${PARALLEL} parallel changes of vote as one voter with one vote`, async () => {
    const [one, two] = [apiProcess(), apiProcess()];
    const pollId = await openPoll(one, { allow_change: true });
    const outcomes = await Promise.all(Array.from({ length: PARALLEL }, (_, i) => cast(i % 2 ? one : two, pollId, 'the-voter', i % 3 ? 'a' : 'b')));
    expect(new Set(outcomes)).toEqual(new Set(['counted']));
    expect(await countedVoters(pollId)).toEqual({ voters: 1, votes: 1 });
  });

  it(`counts ${PARALLEL} voters voting in parallel, over two API processes, ${PARALLEL} times`, async () => {
    const [one, two] = [apiProcess(), apiProcess()];
    const pollId = await openPoll(one, {});
    const outcomes = await Promise.all(Array.from({ length: PARALLEL }, (_, i) => cast(i % 2 ? one : two, pollId, `voter-${i}`, i % 2 ? 'a' : 'b')));
    expect(new Set(outcomes)).toEqual(new Set(['counted']));
    expect(await countedVoters(pollId)).toEqual({ voters: PARALLEL, votes: PARALLEL });
  });
});
