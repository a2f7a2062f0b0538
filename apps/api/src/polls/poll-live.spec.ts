import type { AddressInfo } from 'node:net';
import type { PollLiveView } from '@qr/contracts';
import { callerOf, createOrganization, signedUpToken, type ApiCaller } from '../identity/organization-api.fixture';
import { startTestApp, type TestApp } from '../testing/test-app';
import { includes, openLiveStream, type LiveStream } from './live-stream.fixture';
import { VoterTokens } from './voter-tokens';

describe('live results of a poll over server-sent events', () => {
  let t: TestApp;
  let owner: ApiCaller;
  let ownerToken: string;
  let port: number;
  const streams: LiveStream[] = [];

  beforeAll(async () => {
    t = await startTestApp({ publicRateLimit: { max: 100_000, windowMs: 60_000 } });
    ownerToken = await signedUpToken(t.app, 'live-owner@example.com');
    owner = callerOf(t.app, ownerToken);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    ({ port } = t.app.getHttpServer().address() as AddressInfo);
  });
  afterEach(() => streams.splice(0).forEach((stream) => stream.close()));
  afterAll(() => t.close());

  const openPoll = async (name: string) => {
    const orgId = await createOrganization(owner, name);
    const codeId = (await owner('POST', '/api/v1/codes', { org_id: orgId, name: 'Stage', type: 'page' })).json().code_id as string;
    const options = [
      { id: 'yes', label: 'Yes' },
      { id: 'no', label: 'No' },
    ];
    const pollId = (await owner('POST', '/api/v1/polls', { org_id: orgId, code_id: codeId, question: 'Coffee?', kind: 'single', options })).json()
      .poll_id as string;
    await owner('POST', `/api/v1/polls/${pollId}/open`);
    return pollId;
  };
  const listen = async (path: string, headers: Record<string, string> = {}) => {
    const stream = await openLiveStream(port, path, headers);
    streams.push(stream);
    return stream;
  };
  const vote = async (pollId: string, choice = 'yes') => {
    const voter_token = await t.app.get(VoterTokens).issue(pollId);
    const answer = await t.app.inject({ method: 'POST', url: `/api/v1/public/polls/${pollId}/votes`, payload: { voter_token, choices: [choice] } });
    expect(answer.statusCode).toBe(200);
    return String(answer.headers['x-position']);
  };

  it('sends the state now first, then a vote’s results within a second of its answer', async () => {
    const pollId = await openPoll('Live Hall');
    const screen = await listen(`/api/v1/public/polls/${pollId}/live`);
    expect([screen.status, screen.contentType]).toEqual([200, 'text/event-stream; charset=utf-8']);
    const first = await screen.next(() => true);
    expect(first).toEqual({
      poll_id: pollId,
      status: 'open',
      results_hidden: false,
      round: 1,
      results: expect.objectContaining({ voters: 0 }),
      position: expect.stringMatching(/^\d+-\d+$/),
    });

    const position = await vote(pollId);
    const answered = Date.now();
    const counted = await screen.next((view) => includes(view, position), 1000);
    expect(Date.now() - answered).toBeLessThan(1000);
    expect(counted.results).toMatchObject({
      voters: 1,
      tally: [
        { key: 'yes', votes: 1 },
        { key: 'no', votes: 0 },
      ],
    });
  });

  it('pushes a hundred votes in a handful of messages, not one each', async () => {
    const pollId = await openPoll('Busy Hall');
    const screen = await listen(`/api/v1/public/polls/${pollId}/live`);
    await screen.next(() => true);
    const positions = await Promise.all(Array.from({ length: 100 }, (_, i) => vote(pollId, i % 2 ? 'yes' : 'no')));
    const last = positions.reduce((latest, position) => (includes({ position: latest } as PollLiveView, position) ? latest : position));
    const counted = await screen.next((view) => includes(view, last), 2000);
    expect(counted.results?.voters).toBe(100);
    const heard = screen.messages.length - 1;
    expect(heard).toBeGreaterThanOrEqual(1);
    expect(heard).toBeLessThanOrEqual(12);
    // A screen joining the busy room starts from the results as last pushed.
    const late = await listen(`/api/v1/public/polls/${pollId}/live`);
    expect((await late.next(() => true)).results?.voters).toBe(100);
  });

  it('hides the results from voters’ screens while the presenter’s still see them', async () => {
    const pollId = await openPoll('Hidden Hall');
    const voters = await listen(`/api/v1/public/polls/${pollId}/live`);
    const presenter = await listen(`/api/v1/polls/${pollId}/live`, { authorization: `Bearer ${ownerToken}` });
    await Promise.all([voters.next(() => true), presenter.next(() => true)]);
    const hidden = String((await owner('POST', `/api/v1/polls/${pollId}/hide`)).headers['x-position']);
    const position = await vote(pollId);
    const [voterView, presenterView] = await Promise.all([
      voters.next((view) => includes(view, position) && includes(view, hidden)),
      presenter.next((view) => includes(view, position) && includes(view, hidden)),
    ]);
    expect(voterView).toMatchObject({ results_hidden: true, results: null });
    expect(presenterView).toMatchObject({ results_hidden: true, results: { voters: 1 } });
    const stranger = await listen(`/api/v1/polls/${pollId}/live`);
    expect(stranger.status).toBe(401);
  });
});
