import { randomUUID } from 'node:crypto';
import { strFromU8, unzipSync } from 'fflate';
import type { LightMyRequestResponse } from 'fastify';
import { callerOf, createOrganization, signedUpToken, type ApiCaller } from '../identity/organization-api.fixture';
import { startTestApp, type TestApp } from '../testing/test-app';

const POLLS = '/api/v1/polls';
const PUBLIC = '/api/v1/public/polls';

const choice = (change: object = {}) => ({
  question: 'Which talk next?',
  kind: 'single',
  options: [
    { id: 'tea', label: 'Tea tasting' },
    { id: 'qr', label: 'QR codes, the talk' },
  ],
  ...change,
});

describe('live voting’s polls over HTTP', () => {
  let t: TestApp;
  let owner: ApiCaller;
  let stranger: ApiCaller;

  beforeAll(async () => {
    t = await startTestApp({ publicRateLimit: { max: 100_000, windowMs: 60_000 } });
    owner = callerOf(t.app, await signedUpToken(t.app, 'polls-owner@example.com'));
    stranger = callerOf(t.app, await signedUpToken(t.app, 'polls-stranger@example.com'));
  });
  afterAll(() => t.close());

  const visitor = (method: 'GET' | 'POST', url: string, payload?: object) => t.app.inject({ method, url, ...(payload ? { payload } : {}) });
  const after = (answer: LightMyRequestResponse) => `min_position=${String(answer.headers['x-position'])}`;

  /** Each test its own organisation with one code and one poll on it. */
  const pollOf = async (name: string, terms: object = choice(), extra: object = {}) => {
    const orgId = await createOrganization(owner, name);
    const codeId = (await owner('POST', '/api/v1/codes', { org_id: orgId, name: 'Stage', type: 'page' })).json().code_id as string;
    const created = await owner('POST', POLLS, { org_id: orgId, code_id: codeId, ...terms, ...extra });
    expect(created.statusCode).toBe(201);
    const pollId = created.json().poll_id as string;
    return { orgId, codeId, pollId, poll: `${POLLS}/${pollId}`, created };
  };
  const tokenFor = async (pollId: string) => (await visitor('GET', `${PUBLIC}/${pollId}`)).json().voter_token as string;
  const vote = (pollId: string, voter_token: string, ballot: object) => visitor('POST', `${PUBLIC}/${pollId}/votes`, { voter_token, ...ballot });

  it('creates a poll, opens it, counts a vote and a changed vote, hides and reveals, resets, and deletes it', async () => {
    const { orgId, codeId, pollId, poll, created } = await pollOf('Poll Hall');
    expect(created.json()).toEqual({
      ...choice(),
      max_choices: 1,
      rating_max: 5,
      allow_change: true,
      poll_id: pollId,
      org_id: orgId,
      code_id: codeId,
      status: 'draft',
      results_hidden: false,
      round: 1,
      voters: 0,
      voter_url: `/live-voting/${pollId}`,
      created_at: expect.any(String),
      updated_at: expect.any(String),
    });
    expect((await owner('GET', `${POLLS}?org_id=${orgId}&code_id=${codeId}`)).json()).toMatchObject({ items: [{ poll_id: pollId }], total: 1 });

    const changed = await owner('PUT', poll, choice({ question: 'Which talk after lunch?' }));
    expect([changed.statusCode, changed.json().question]).toEqual([200, 'Which talk after lunch?']);
    const opened = await owner('POST', `${poll}/open`);
    expect([opened.statusCode, opened.json().status]).toEqual([200, 'open']);

    const shown = (await visitor('GET', `${PUBLIC}/${pollId}`)).json();
    expect(shown).toMatchObject({
      question: 'Which talk after lunch?',
      status: 'open',
      my_vote: null,
      owner: { name: 'Poll Hall', theme: expect.any(Object) },
    });
    const token = shown.voter_token as string;
    const first = await vote(pollId, token, { choices: ['tea'] });
    expect([first.statusCode, first.json()]).toEqual([
      200,
      { poll_id: pollId, round: 1, my_vote: { choices: ['tea'], rating: null, words: [] }, changed: false },
    ]);
    const second = await vote(pollId, token, { choices: ['qr'] });
    expect(second.json()).toMatchObject({ my_vote: { choices: ['qr'] }, changed: true });
    const repeated = await vote(pollId, token, { choices: ['qr'] });
    expect([repeated.statusCode, repeated.json().changed, repeated.headers['x-position']]).toEqual([200, false, undefined]);

    const results = await owner('GET', `${poll}/results?${after(second)}`);
    expect(results.json()).toEqual({
      poll_id: pollId,
      round: 1,
      voters: 1,
      tally: [
        { key: 'tea', label: 'Tea tasting', votes: 0 },
        { key: 'qr', label: 'QR codes, the talk', votes: 1 },
      ],
      average: null,
    });
    const mine = (await visitor('GET', `${PUBLIC}/${pollId}?voter_token=${token}&${after(second)}`)).json();
    expect([mine.voter_token, mine.my_vote.choices, mine.results.voters]).toEqual([token, ['qr'], 1]);
    expect((await owner('PUT', poll, choice())).json()).toMatchObject({ code: 'poll_has_votes', status: 409 });

    await owner('POST', `${poll}/hide`);
    expect((await visitor('GET', `${PUBLIC}/${pollId}`)).json()).toMatchObject({ results_hidden: true, results: null });
    expect((await owner('GET', `${poll}/results`)).json().voters).toBe(1);
    await owner('POST', `${poll}/reveal`);
    expect((await visitor('GET', `${PUBLIC}/${pollId}`)).json().results.voters).toBe(1);

    const reset = await owner('POST', `${poll}/reset`);
    expect(reset.json()).toMatchObject({ round: 2, voters: 0, status: 'open' });
    expect((await visitor('GET', `${PUBLIC}/${pollId}?voter_token=${token}`)).json()).toMatchObject({ my_vote: null, results: { round: 2, voters: 0 } });
    expect((await vote(pollId, token, { choices: ['tea'] })).json()).toMatchObject({ round: 2, changed: false });

    expect((await owner('DELETE', poll)).statusCode).toBe(204);
    expect((await owner('GET', poll)).json()).toMatchObject({ status: 404, code: 'poll_not_found' });
    expect((await visitor('GET', `${PUBLIC}/${pollId}`)).statusCode).toBe(404);
    expect((await vote(pollId, token, { choices: ['tea'] })).json()).toMatchObject({ status: 404, code: 'poll_not_found' });
    expect((await owner('GET', `${POLLS}?org_id=${orgId}`)).json().total).toBe(0);
  });

  it('averages a rating poll and counts a word cloud’s words as written, in lower case', async () => {
    const rating = await pollOf('Rating Room', { question: 'How was it?', kind: 'rating', rating_max: 5 });
    await owner('POST', `${rating.poll}/open`);
    await vote(rating.pollId, await tokenFor(rating.pollId), { rating: 4 });
    const last = await vote(rating.pollId, await tokenFor(rating.pollId), { rating: 5 });
    const rated = (await owner('GET', `${rating.poll}/results?${after(last)}`)).json();
    expect([rated.average, rated.tally.map((line: { votes: number }) => line.votes)]).toEqual([4.5, [0, 0, 0, 1, 1]]);

    const cloud = await pollOf('Cloud Room', { question: 'One word?', kind: 'word_cloud' });
    await owner('POST', `${cloud.poll}/open`);
    await vote(cloud.pollId, await tokenFor(cloud.pollId), { words: ['  Coffee ', 'tea'] });
    const words = await vote(cloud.pollId, await tokenFor(cloud.pollId), { words: ['COFFEE'] });
    expect((await owner('GET', `${cloud.poll}/results?${after(words)}`)).json().tally).toEqual([
      { key: 'coffee', label: 'coffee', votes: 2 },
      { key: 'tea', label: 'tea', votes: 1 },
    ]);
  });

  it('exports every round’s votes as CSV and a zip of results.csv and votes.csv, a voter named by a short hash', async () => {
    const { pollId, poll } = await pollOf('Export Hall', choice({ kind: 'multiple', max_choices: 2 }));
    await owner('POST', `${poll}/open`);
    const token = await tokenFor(pollId);
    await vote(pollId, token, { choices: ['tea'] });
    await vote(pollId, token, { choices: ['qr', 'tea'] });
    await owner('POST', `${poll}/reset`);
    const last = await vote(pollId, token, { choices: ['qr'] });

    const csv = await owner('GET', `${poll}/export?${after(last)}`);
    expect([csv.statusCode, csv.headers['x-row-count'], csv.headers['content-disposition']]).toEqual([
      200,
      '2',
      expect.stringMatching(/^attachment; filename=Which-talk-next-_\d{4}-\d{2}-\d{2}\.csv;/),
    ]);
    const lines = Buffer.from(csv.body, 'base64').toString('utf8').trim().split('\r\n');
    expect(lines[0]).toBe('round,voter,choices,rating,words,first_at,voted_at,changes');
    const at = '\\d{4}-\\d{2}-\\d{2}T[\\d:.]+Z';
    expect(lines[1]).toMatch(new RegExp(`^1,([\\w-]{12}),"Tea tasting; QR codes, the talk",,,${at},${at},1$`));
    const voter = lines[1]!.split(',')[1]!;
    expect(lines.slice(2)).toEqual([expect.stringMatching(new RegExp(`^2,${voter},"QR codes, the talk",,,${at},${at},0$`))]);
    expect(lines.join('\n')).not.toContain(token.split('.')[0]);

    const zip = await owner('GET', `${poll}/export?format=zip`);
    expect([zip.statusCode, zip.headers['content-type'], zip.headers['content-disposition']]).toEqual([
      200,
      'application/zip',
      expect.stringContaining('.zip'),
    ]);
    const files = unzipSync(new Uint8Array(zip.rawPayload));
    expect(Object.keys(files).sort()).toEqual(['results.csv', 'votes.csv']);
    expect(strFromU8(files['results.csv']!).trim().split('\r\n')).toEqual([
      'round,voters,key,label,votes',
      '1,1,tea,Tea tasting,1',
      '1,1,qr,"QR codes, the talk",1',
      '2,1,tea,Tea tasting,0',
      '2,1,qr,"QR codes, the talk",1',
    ]);
    expect(strFromU8(files['votes.csv']!)).toBe(Buffer.from(csv.body, 'base64').toString('utf8'));
  });

  it('answers another organisation’s poll as one that does not exist, on every staff route', async () => {
    const { orgId, pollId, poll } = await pollOf('Private Hall');
    const answers = await Promise.all([
      stranger('GET', poll),
      stranger('PUT', poll, choice()),
      stranger('POST', `${poll}/open`),
      stranger('DELETE', poll),
      stranger('GET', `${poll}/results`),
      stranger('GET', `${poll}/live`),
      stranger('GET', `${poll}/export`),
    ]);
    expect(answers.map((answer) => [answer.statusCode, answer.json().code])).toEqual(Array(7).fill([404, 'poll_not_found']));
    expect((await stranger('GET', `${POLLS}?org_id=${orgId}`)).statusCode).toBe(404);
    expect((await owner('GET', `${POLLS}/${randomUUID()}`)).json().code).toBe('poll_not_found');
    expect((await owner('GET', poll)).json().poll_id).toBe(pollId);
  });

  it('refuses votes on a draft, a closed or an unknown poll, choices not in the poll, and tokens the server did not give for it', async () => {
    const { pollId, poll } = await pollOf('Refusing Hall', choice({ allow_change: false }));
    const token = await tokenFor(pollId);
    expect((await vote(pollId, token, { choices: ['tea'] })).json()).toMatchObject({ status: 409, code: 'poll_not_open' });
    await owner('POST', `${poll}/open`);
    expect((await vote(pollId, token, { choices: ['coffee'] })).json()).toMatchObject({ status: 400, code: 'poll_vote_invalid' });
    expect((await vote(pollId, token, { choices: ['tea', 'qr'] })).json()).toMatchObject({ status: 400, code: 'poll_vote_invalid' });
    expect((await vote(pollId, token, { rating: 3 })).json()).toMatchObject({ status: 400, code: 'poll_vote_invalid' });
    expect((await vote(pollId, token, { choices: ['tea'], colour: 'red' })).statusCode).toBe(400);

    const [id] = token.split('.');
    const forged = `${id}.${'A'.repeat(43)}`;
    expect((await vote(pollId, forged, { choices: ['tea'] })).json()).toMatchObject({ status: 400, code: 'voter_token_invalid' });
    const other = await pollOf('Other Hall');
    await owner('POST', `${other.poll}/open`);
    expect((await vote(other.pollId, token, { choices: ['tea'] })).json()).toMatchObject({ status: 400, code: 'voter_token_invalid' });
    const fresh = (await visitor('GET', `${PUBLIC}/${pollId}?voter_token=${forged}`)).json().voter_token;
    expect(fresh).not.toBe(forged);
    expect(fresh).toMatch(/^[A-Za-z0-9_-]{22}\.[A-Za-z0-9_-]{43}$/);

    expect((await vote(pollId, token, { choices: ['tea'] })).statusCode).toBe(200);
    expect((await vote(pollId, token, { choices: ['qr'] })).json()).toMatchObject({ status: 409, code: 'poll_already_voted' });
    await owner('POST', `${poll}/close`);
    expect((await vote(pollId, await tokenFor(pollId), { choices: ['tea'] })).json()).toMatchObject({ status: 409, code: 'poll_not_open' });
    expect((await vote(randomUUID(), token, { choices: ['tea'] })).json()).toMatchObject({ status: 404, code: 'poll_not_found' });
    expect((await visitor('GET', `${PUBLIC}/not-a-poll`)).statusCode).toBe(400);
    const last = await owner('POST', `${poll}/open`);
    expect((await owner('GET', `${poll}/results?${after(last)}`)).json().voters).toBe(1);
  });

  it('answers a flood from one address with 429 and Retry-After', async () => {
    const limited = await startTestApp({ publicRateLimit: { max: 3, windowMs: 60_000 } });
    try {
      const pollId = randomUUID();
      const answers = [];
      for (let i = 0; i < 4; i++) answers.push(await limited.app.inject({ method: 'POST', url: `${PUBLIC}/${pollId}/votes`, payload: { choices: ['a'] } }));
      expect(answers.map((answer) => answer.statusCode)).toEqual([400, 400, 400, 429]);
      expect(Number(answers[3]!.headers['retry-after'])).toBeGreaterThan(0);
      expect(answers[3]!.json().code).toBe('rate_limited');
    } finally {
      await limited.close();
    }
  });
});
