import { PollBallot, PollTerms, WallTerms } from '@qr/contracts';
import { pollStreamId, wallPhotoStreamId, wallStreamId, type PollEvent, type WallEvent, type WallPhotoEvent } from '@qr/domain';
import { testAdapters } from '@qr/platform/testing';
import { projectionTestbed } from '@qr/projections-runner/testing';
import { polls, walls } from './index';

const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const [POLL, CLOUD] = [uuid(1), uuid(2)];
const WALL = uuid(3);
const [PHOTO_A, PHOTO_B] = [uuid(4), uuid(5)];
const by = 'ed@example.com';
const at = '2026-12-04T19:00:00.000Z';
const terms = PollTerms.parse({
  question: 'Lunch?',
  kind: 'single',
  options: [
    { id: 'pizza', label: 'Pizza' },
    { id: 'soup', label: 'Soup' },
  ],
});
const cloudTerms = PollTerms.parse({ question: 'A word', kind: 'word_cloud' });
const wallTerms = WallTerms.parse({ title: 'Team photos' });

const created = (poll_id: string, pollTerms: PollTerms): PollEvent => ({
  type: 'PollCreated',
  data: { poll_id, org_id: 'org-1', code_id: 'AAAAAAAAA1', terms: pollTerms, results_hidden: false, created_by: by, at },
});
const vote = (voter: string, fields: Partial<PollBallot>, replaced: Partial<PollBallot> | null = null, round = 1): PollEvent => ({
  type: 'VoteCast',
  data: { voter, round, ballot: PollBallot.parse(fields), replaced: replaced && PollBallot.parse(replaced), org_id: 'org-1', code_id: 'AAAAAAAAA1', at },
});
const photo = (photo_id: string, status: 'pending' | 'approved'): WallPhotoEvent => ({
  type: 'WallPhotoSubmitted',
  data: {
    photo_id,
    wall_id: WALL,
    org_id: 'org-1',
    code_id: 'AAAAAAAAA1',
    blob_id: uuid(9),
    width: 640,
    height: 480,
    caption: 'Us',
    nsfw: { scores: { drawing: 0.01, hentai: 0, neutral: 0.98, porn: 0, sexy: 0.01 }, nsfw: 0.01, model: 'test' },
    flagged: false,
    status,
    submitter: 'visitor-1',
    at,
  },
});

describe.each(testAdapters())('the engagement read models on $name', (adapter) => {
  const t = projectionTestbed(adapter, [polls, walls], { batchSize: 2, rebuildBatchSize: 3 });
  const append = (streamId: string, events: readonly (PollEvent | WallEvent | WallPhotoEvent)[]) =>
    t.store.append({ streamId, expectedVersion: 'any', events: events.map(({ type, data }) => ({ type, data })) });

  const tallies = async (pollId: string) =>
    (
      await t.db.query<{ round: number; key: string; votes: number }>('SELECT round, key, votes FROM poll_tallies WHERE poll_id = $1 ORDER BY round, key', [
        pollId,
      ])
    ).rows;
  const rounds = async (pollId: string) =>
    (await t.db.query<{ round: number; voters: number }>('SELECT round, voters FROM poll_rounds WHERE poll_id = $1 ORDER BY round', [pollId])).rows;

  async function votingHistory(): Promise<void> {
    await append(pollStreamId(POLL), [created(POLL, terms), { type: 'PollOpened', data: { by, at } }]);
    // Ada changes her mind within a batch and again across batches; Bob votes once; a reset starts round 2.
    await append(pollStreamId(POLL), [vote('ada', { choices: ['pizza'] }), vote('ada', { choices: ['soup'] }, { choices: ['pizza'] })]);
    await append(pollStreamId(POLL), [vote('bob', { choices: ['soup'] })]);
    await append(pollStreamId(POLL), [vote('ada', { choices: ['pizza'] }, { choices: ['soup'] })]);
    await append(pollStreamId(POLL), [{ type: 'PollReset', data: { round: 2, by, at } }, vote('bob', { choices: ['pizza'] }, null, 2)]);
    await append(pollStreamId(CLOUD), [created(CLOUD, cloudTerms), vote('ada', { words: ['big day', 'coffee'] }), vote('bob', { words: ['coffee'] })]);
  }

  it('counts each voter once per round, a changed vote moving its count, in every round', async () => {
    await votingHistory();
    await t.runner.start();
    await t.runner.caughtUp();
    expect(await rounds(POLL)).toEqual([
      { round: 1, voters: 2 },
      { round: 2, voters: 1 },
    ]);
    expect(await tallies(POLL)).toEqual([
      { round: 1, key: 'pizza', votes: 1 },
      { round: 1, key: 'soup', votes: 1 },
      { round: 2, key: 'pizza', votes: 1 },
    ]);
    expect(await tallies(CLOUD)).toEqual([
      { round: 1, key: 'big day', votes: 1 },
      { round: 1, key: 'coffee', votes: 2 },
    ]);
    const { rows } = await t.db.query<{ voter: string; changes: number; ballot: PollBallot }>(
      'SELECT voter, changes, ballot FROM poll_votes WHERE poll_id = $1 AND round = 1 ORDER BY voter',
      [POLL],
    );
    expect(rows).toEqual([
      { voter: 'ada', changes: 2, ballot: { choices: ['pizza'], rating: null, words: [] } },
      { voter: 'bob', changes: 0, ballot: { choices: ['soup'], rating: null, words: [] } },
    ]);
    const poll = await t.db.query('SELECT status, round, results_hidden FROM polls WHERE poll_id = $1', [POLL]);
    expect(poll.rows).toEqual([{ status: 'open', round: 2, results_hidden: false }]);
  });

  it('keeps each wall’s counts by status as photos are reviewed, and its embedding sites', async () => {
    await append(wallStreamId(WALL), [
      { type: 'WallCreated', data: { wall_id: WALL, org_id: 'org-1', code_id: 'AAAAAAAAA1', terms: wallTerms, created_by: by, at } },
      { type: 'WallEmbedAdded', data: { origin: 'https://a.example', by, at } },
      { type: 'WallEmbedAdded', data: { origin: 'https://b.example', by, at } },
      { type: 'WallEmbedRemoved', data: { origin: 'https://a.example', by, at } },
    ]);
    await append(wallPhotoStreamId(PHOTO_A), [photo(PHOTO_A, 'pending'), { type: 'WallPhotoApproved', data: { by, at } }]);
    await append(wallPhotoStreamId(PHOTO_B), [photo(PHOTO_B, 'approved'), { type: 'WallPhotoRejected', data: { by, at } }]);
    await t.runner.start();
    await t.runner.caughtUp();
    const wall = await t.db.query('SELECT pending, approved, rejected, embed_origins FROM walls WHERE wall_id = $1', [WALL]);
    expect(wall.rows).toEqual([{ pending: 0, approved: 1, rejected: 1, embed_origins: ['https://b.example'] }]);
    const photos = await t.db.query('SELECT photo_id, status, approved_at IS NOT NULL AS was_approved FROM wall_photos ORDER BY photo_id');
    expect(photos.rows).toEqual([
      { photo_id: PHOTO_A, status: 'approved', was_approved: true },
      { photo_id: PHOTO_B, status: 'rejected', was_approved: true },
    ]);
  });

  it('rebuilds to the same rows', async () => {
    await votingHistory();
    await t.runner.start();
    await t.runner.caughtUp();
    const all = async () => ({
      tallies: (await t.db.query('SELECT * FROM poll_tallies ORDER BY poll_id, round, key')).rows,
      rounds: (await t.db.query('SELECT * FROM poll_rounds ORDER BY poll_id, round')).rows,
      votes: (await t.db.query('SELECT * FROM poll_votes ORDER BY poll_id, round, voter')).rows,
    });
    const live = await all();
    const report = await t.runner.rebuild('polls');
    expect(report.eventsProcessed).toBe(report.eventsInStore);
    expect(await all()).toEqual(live);
  });
});
