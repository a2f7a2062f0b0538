import { fireEvent, screen, waitFor } from '@testing-library/react';
import { voterTokenStorageKey, type PollLiveView, type PublicPollView } from '@qr/contracts';
import { expectNoAxeViolations } from '../../testing/axe';
import { installFakeApi, reply, requestsOf, type FakeApi, type FakeResponse } from '../../testing/fake-api';
import { renderApp } from '../../testing/render-app';
import { POLL_ID, publicPollView, resultsView, VOTER_TOKEN } from './poll-fixtures';

const base = `/api/v1/public/polls/${POLL_ID}`;
const NEW_TOKEN = 'CCCCCCCCCCCCCCCCCCCCCC.DDDDDDDDDDDDDDDDDDDDDD';

/** The browser's EventSource, which jsdom lacks: the test sends what the server would push. */
class FakeEventSource {
  static opened: FakeEventSource[] = [];
  onmessage: ((event: MessageEvent<string>) => void) | null = null;
  closed = false;
  constructor(readonly url: string) {
    FakeEventSource.opened.push(this);
  }
  close() {
    this.closed = true;
  }
}

function pushLive(live: Partial<PollLiveView>) {
  const message: PollLiveView = { poll_id: POLL_ID, status: 'open', results_hidden: false, round: 1, results: resultsView(), position: '1-9', ...live };
  for (const source of FakeEventSource.opened.filter((open) => !open.closed))
    source.onmessage?.(new MessageEvent('message', { data: JSON.stringify(message) }));
}

let api: FakeApi;
let poll: PublicPollView;
let voteAnswer: FakeResponse | null;

function start(path = `/live-voting/${POLL_ID}`) {
  api = installFakeApi((url, method, body) => {
    if (method === 'GET' && url.startsWith(base) && !url.startsWith(`${base}/`)) return reply(200, poll);
    if (method === 'POST' && url === `${base}/votes`) {
      if (voteAnswer) return voteAnswer;
      const { voter_token: _token, ...vote } = body as Record<string, unknown>;
      return reply(200, { poll_id: POLL_ID, round: 1, my_vote: vote, changed: poll.my_vote !== null });
    }
    return undefined;
  });
  return renderApp(path);
}

const click = (name: string) => fireEvent.click(screen.getByRole('button', { name }));
const votes = () => requestsOf(api, 'POST').map(([, body]) => body);

beforeEach(() => {
  localStorage.clear();
  FakeEventSource.opened = [];
  Object.assign(globalThis, { EventSource: FakeEventSource });
  poll = publicPollView();
  voteAnswer = null;
});

test('a visitor votes on a phone, is thanked, and sees the live results move', async () => {
  const { container } = start();
  expect(await screen.findByRole('heading', { name: 'Tea or coffee?', level: 1 })).toBeTruthy();
  expect(screen.getByText('Walk Café')).toBeTruthy();
  expect(localStorage.getItem(voterTokenStorageKey(POLL_ID))).toBe(VOTER_TOKEN);
  // No results before the vote: what the room has said so far should not sway it.
  expect(screen.queryByRole('progressbar')).toBeNull();
  await expectNoAxeViolations(container);

  fireEvent.click(screen.getByRole('radio', { name: 'Tea' }));
  click('Vote');
  expect(await screen.findByText('Thanks, your vote is in')).toBeTruthy();
  expect(screen.getByText('Your vote: Tea')).toBeTruthy();
  expect(votes()).toEqual([{ voter_token: VOTER_TOKEN, choices: ['tea'], rating: null, words: [] }]);
  expect(screen.getByRole('progressbar', { name: 'Tea: 3 votes, 75%' })).toBeTruthy();

  expect(FakeEventSource.opened.map((source) => source.url)).toEqual([`${base}/live`]);
  pushLive({
    results: resultsView({
      voters: 5,
      tally: [
        { key: 'tea', label: 'Tea', votes: 4 },
        { key: 'coffee', label: 'Coffee', votes: 1 },
      ],
    }),
  });
  expect(await screen.findByRole('progressbar', { name: 'Tea: 4 votes, 80%' })).toBeTruthy();
  await expectNoAxeViolations(container);
});

test('the phone sends the voter token it keeps, and keeps the new one the server hands out', async () => {
  localStorage.setItem(voterTokenStorageKey(POLL_ID), VOTER_TOKEN);
  poll = publicPollView({ voter_token: NEW_TOKEN });
  start();
  await screen.findByRole('heading', { name: 'Tea or coffee?', level: 1 });
  expect(api.mock.calls[0]![0]).toBe(`${base}?voter_token=${VOTER_TOKEN}`);
  expect(localStorage.getItem(voterTokenStorageKey(POLL_ID))).toBe(NEW_TOKEN);
});

test('with the results hidden, the voter is told they will show when the host reveals them, and they do', async () => {
  poll = publicPollView({ results_hidden: true, results: null });
  start();
  fireEvent.click(await screen.findByRole('radio', { name: 'Coffee' }));
  click('Vote');
  expect(await screen.findByText('The results will show here when the host reveals them.')).toBeTruthy();
  expect(screen.queryByRole('progressbar')).toBeNull();

  pushLive({ results_hidden: false, results: resultsView() });
  expect(await screen.findByRole('progressbar', { name: 'Coffee: 1 vote, 25%' })).toBeTruthy();
});

test('a poll not open yet says so, and opens on the page when the host opens it', async () => {
  poll = publicPollView({ status: 'draft', results: null });
  start();
  expect(await screen.findByText('This poll is not open yet')).toBeTruthy();
  expect(screen.queryByRole('button', { name: 'Vote' })).toBeNull();

  pushLive({ status: 'open' });
  expect(await screen.findByRole('button', { name: 'Vote' })).toBeTruthy();
});

test('a closed poll says so and shows its results; one closed while the page is open closes there', async () => {
  poll = publicPollView({ status: 'closed' });
  start();
  expect(await screen.findByText('This poll is closed')).toBeTruthy();
  expect(screen.getByRole('progressbar', { name: 'Tea: 3 votes, 75%' })).toBeTruthy();
  expect(screen.queryByRole('button', { name: 'Vote' })).toBeNull();

  pushLive({ status: 'open' });
  await screen.findByRole('button', { name: 'Vote' });
  pushLive({ status: 'closed' });
  expect(await screen.findByText('This poll is closed')).toBeTruthy();
});

test('a voter who has voted may change their vote where the poll allows it', async () => {
  poll = publicPollView({ my_vote: { choices: ['coffee'], rating: null, words: [] } });
  start();
  expect(await screen.findByText('Your vote: Coffee')).toBeTruthy();
  click('Change my vote');
  expect((screen.getByRole('radio', { name: 'Coffee' }) as HTMLInputElement).checked).toBe(true);
  fireEvent.click(screen.getByRole('radio', { name: 'Tea' }));
  click('Change my vote');
  expect(await screen.findByText('Your vote: Tea')).toBeTruthy();
  expect(votes()).toEqual([{ voter_token: VOTER_TOKEN, choices: ['tea'], rating: null, words: [] }]);
});

test('a poll that keeps the first vote offers no change', async () => {
  poll = publicPollView({ allow_change: false, my_vote: { choices: ['tea'], rating: null, words: [] } });
  start();
  expect(await screen.findByText('Thanks, your vote is in')).toBeTruthy();
  expect(screen.queryByRole('button', { name: 'Change my vote' })).toBeNull();
});

test('a vote with nothing picked is not sent, and each refusal is said in words', async () => {
  start();
  await screen.findByRole('heading', { name: 'Tea or coffee?', level: 1 });
  click('Vote');
  expect(await screen.findByText('Pick an option.')).toBeTruthy();
  expect(votes()).toEqual([]);

  fireEvent.click(screen.getByRole('radio', { name: 'Tea' }));
  const refusals: [FakeResponse, string][] = [
    [reply(409, { title: 'Conflict', code: 'poll_already_voted' }), 'You have voted already, and this poll keeps the first vote.'],
    [
      reply(429, { title: 'Too Many Requests', code: 'rate_limited' }, { 'Retry-After': '5' }),
      'Too many votes are coming from your network. Please wait a moment and try again.',
    ],
    [reply(400, { title: 'Bad Request', code: 'poll_vote_invalid', detail: 'Tea is not an option of this poll.' }), 'Tea is not an option of this poll.'],
    [reply(409, { title: 'Conflict', code: 'poll_not_open' }), 'Voting is not open right now.'],
  ];
  for (const [answer, words] of refusals) {
    voteAnswer = answer;
    click('Vote');
    expect(await screen.findByText(words)).toBeTruthy();
    expect(screen.getByText('Your vote was not counted')).toBeTruthy();
  }
});

test('a voter token the server does not recognise is renewed, and the next vote carries the new one', async () => {
  start();
  fireEvent.click(await screen.findByRole('radio', { name: 'Tea' }));
  voteAnswer = reply(400, { title: 'Bad Request', code: 'voter_token_invalid' });
  poll = publicPollView({ voter_token: NEW_TOKEN });
  click('Vote');
  expect(await screen.findByText('This phone’s voting pass was not recognised. It has been renewed: please vote again.')).toBeTruthy();
  await waitFor(() => expect(localStorage.getItem(voterTokenStorageKey(POLL_ID))).toBe(NEW_TOKEN));

  voteAnswer = null;
  click('Vote');
  await screen.findByText('Thanks, your vote is in');
  expect(votes().map((vote) => (vote as { voter_token: string }).voter_token)).toEqual([VOTER_TOKEN, NEW_TOKEN]);
});

test('a multiple choice poll lets a voter pick up to its most, and a rating poll takes a rating', async () => {
  poll = publicPollView({
    kind: 'multiple',
    max_choices: 2,
    options: [
      { id: 'a', label: 'Keynote' },
      { id: 'b', label: 'Workshop' },
      { id: 'c', label: 'Panel' },
    ],
  });
  const { unmount } = start();
  expect(await screen.findByText('Pick up to 2.')).toBeTruthy();
  fireEvent.click(screen.getByRole('checkbox', { name: 'Keynote' }));
  fireEvent.click(screen.getByRole('checkbox', { name: 'Panel' }));
  expect((screen.getByRole('checkbox', { name: 'Workshop' }) as HTMLInputElement).disabled).toBe(true);
  click('Vote');
  expect(await screen.findByText('Your vote: Keynote, Panel')).toBeTruthy();
  unmount();

  poll = publicPollView({ kind: 'rating', options: [], rating_max: 7, results: resultsView({ tally: [], average: 4.25 }) });
  start();
  expect(await screen.findByRole('group', { name: 'Your rating, from 1 to 7' })).toBeTruthy();
  expect(screen.getAllByRole('button', { name: /^\d$/ }).map((button) => button.textContent)).toEqual(['1', '2', '3', '4', '5', '6', '7']);
  click('6');
  expect(screen.getByRole('button', { name: '6' }).getAttribute('aria-pressed')).toBe('true');
  click('Vote');
  expect(await screen.findByText('Your vote: 6 of 7')).toBeTruthy();
  expect(screen.getByText('Average 4.3')).toBeTruthy();
  expect(votes().at(-1)).toEqual({ voter_token: VOTER_TOKEN, choices: [], rating: 6, words: [] });
});

test('a word cloud takes up to three words and shows the words sized by their votes', async () => {
  poll = publicPollView({
    kind: 'word_cloud',
    options: [],
    results: resultsView({
      tally: [
        { key: 'sunny', label: 'sunny', votes: 4 },
        { key: 'warm', label: 'warm', votes: 1 },
      ],
    }),
  });
  const { container } = start();
  fireEvent.change(await screen.findByLabelText('Word 1'), { target: { value: ' Sunny ' } });
  fireEvent.change(screen.getByLabelText('Word 3'), { target: { value: 'bright' } });
  click('Vote');
  expect(await screen.findByText('Your vote: Sunny, bright')).toBeTruthy();
  expect(votes()).toEqual([{ voter_token: VOTER_TOKEN, choices: [], rating: null, words: ['Sunny', 'bright'] }]);
  const sunny = screen.getByLabelText('sunny: 4 votes');
  const warm = screen.getByLabelText('warm: 1 vote');
  expect(parseFloat(sunny.style.fontSize)).toBeGreaterThan(parseFloat(warm.style.fontSize));
  await expectNoAxeViolations(container);
});

test('an unknown poll says it is not available', async () => {
  installFakeApi(() => reply(404, { title: 'Not Found', code: 'poll_not_found' }));
  renderApp(`/live-voting/${POLL_ID}`);
  expect(await screen.findByRole('heading', { name: 'This poll is not available' })).toBeTruthy();
});
