import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { loyaltyCardStorageKey, playerTokenStorageKey, type AnswerView, type PlayView, type PrizeClaimView, type PublicGameView } from '@qr/contracts';
import { expectNoAxeViolations } from '../../../testing/axe';
import { installFakeApi, reply, requestsOf, type FakeApi, type FakeResponse } from '../../../testing/fake-api';
import { renderApp } from '../../../testing/render-app';
import {
  COFFEE,
  DISCOUNT,
  GAME_ID,
  leaderboardView,
  PLAYER_TOKEN,
  playView,
  PROGRAMME_ID,
  publicGameView,
  questionView,
  STAMP,
  voucherClaim,
} from './game-fixtures';
import { SPIN_MS } from './spin-wheel';
import { segmentAt, segmentsOf, wheelSegments } from './wheel-segments';

const base = `/api/v1/public/games/${GAME_ID}`;
const CARD_ID = '0190a6b2-0000-7000-8000-0000000000d1';

let api: FakeApi;
let game: PublicGameView;
/** What the next plays are answered with, in turn; the last one stays. */
let plays: FakeResponse[];
let answer: (body: { question_id: string; answer_id: string | null }) => AnswerView;
let claim: FakeResponse;

/** The server keeps what it answered: a read of the game after a play lists it first among the player's plays. */
function played(play: PlayView): void {
  game = { ...game, my_plays: [play, ...game.my_plays.filter((mine) => mine.play_id !== play.play_id)] };
}

function start() {
  api = installFakeApi((url, method, body) => {
    if (method === 'GET' && (url === base || url.startsWith(`${base}?`))) return reply(200, game);
    if (method === 'POST' && url === `${base}/plays`) {
      const next = plays.length > 1 ? plays.shift()! : plays[0]!;
      if (next.ok) void next.json().then((play) => played(play as PlayView));
      return next;
    }
    if (method === 'POST' && url.endsWith('/answers')) {
      const marked = answer(body as { question_id: string; answer_id: string | null });
      played(marked.play);
      return reply(200, marked);
    }
    if (method === 'POST' && url.endsWith('/claim')) {
      if (claim.ok) game = { ...game, my_plays: game.my_plays.map((mine) => ({ ...mine, claimed: true })) };
      return claim;
    }
    if (method === 'GET' && url.startsWith(`${base}/leaderboard?`)) return reply(200, leaderboardView());
    return undefined;
  });
  return renderApp(`/game/${GAME_ID}`);
}

const click = (name: string | RegExp) => fireEvent.click(screen.getByRole('button', { name }));
const posted = (ending: string) => requestsOf(api, 'POST').filter(([url]) => url.endsWith(ending));
const announced = () => screen.getAllByRole('status').map((region) => region.textContent ?? '');
const prefersReducedMotion = (reduce: boolean) => {
  const plain = window.matchMedia;
  window.matchMedia = (query: string) => ({ ...plain(query), matches: reduce && query.includes('prefers-reduced-motion: reduce') });
  return () => (window.matchMedia = plain);
};
/** The wheel's rotation as drawn, in degrees. */
const wheelRotation = () => Number(/rotate\((-?[\d.]+)deg\)/.exec(document.querySelector<SVGGElement>('svg > g')?.style.transform ?? '')?.[1]);

beforeEach(() => {
  localStorage.clear();
  game = publicGameView();
  plays = [reply(200, playView({ prize: COFFEE }))];
  claim = reply(200, voucherClaim());
  answer = () => {
    throw new Error('no quiz here');
  };
});

afterEach(() => jest.useRealTimers());

test('a player spins the wheel: the server draws first, the wheel stops on that prize, and the win is announced only then', async () => {
  const { container } = start();
  expect(await screen.findByRole('heading', { name: 'Spin for a treat', level: 1 })).toBeTruthy();
  expect(screen.getByText('Walk Café')).toBeTruthy();
  expect(screen.getByText('3 plays left')).toBeTruthy();
  expect(screen.getByRole('img', { name: 'A prize wheel of A free coffee, No win, 10 % off, No win, A bonus stamp, No win' })).toBeTruthy();
  expect(localStorage.getItem(playerTokenStorageKey(GAME_ID))).toBe(PLAYER_TOKEN);
  await expectNoAxeViolations(container);

  jest.useFakeTimers({ advanceTimers: true });
  click('Spin the wheel');
  await screen.findByRole('button', { name: 'Spinning…' });
  const [[, body]] = posted('/plays') as [[string, { player_token: string; play_id: string; nickname: string }]];
  expect(body).toEqual({ player_token: PLAYER_TOKEN, play_id: expect.stringMatching(/^[0-9a-f-]{36}$/), nickname: '' });
  expect(announced().join(' ')).not.toContain('You won');
  const segments = wheelSegments(game.prizes);
  expect(segmentsOf(segments, 'coffee')).toContain(segmentAt(segments, wheelRotation()));

  game = { ...game, plays_left: { left: 2, next_at: null } };
  act(() => jest.advanceTimersByTime(SPIN_MS));
  expect(await screen.findByText('You won: A free coffee!')).toBeTruthy();
  expect(announced()).toContain('You won: A free coffee!');
  expect(await screen.findByText('2 plays left')).toBeTruthy();
  expect(screen.getByRole('button', { name: 'Claim your prize' })).toBeTruthy();
});

test('with reduced motion the wheel does not spin: it is set on the outcome at once', async () => {
  const restore = prefersReducedMotion(true);
  plays = [reply(200, playView())];
  start();
  fireEvent.click(await screen.findByRole('button', { name: 'Spin the wheel' }));
  expect(await screen.findByText('No win this time.')).toBeTruthy();
  const segments = wheelSegments(game.prizes);
  expect(segmentsOf(segments, null)).toContain(segmentAt(segments, wheelRotation()));
  expect(screen.queryByRole('button', { name: 'Claim your prize' })).toBeNull();
  restore();
});

test('a reload shows the latest outcome where it was, the wheel stopped on it', async () => {
  game = publicGameView({ my_plays: [playView({ prize: DISCOUNT })] });
  start();
  expect(await screen.findByText('You won: 10 % off!')).toBeTruthy();
  const segments = wheelSegments(game.prizes);
  expect(segmentAt(segments, wheelRotation())).toBe(2);
  expect(screen.getByRole('button', { name: 'Spin again' })).toBeTruthy();
});

test('a dropped connection retries the same play, so it cannot spend a second one', async () => {
  const restore = prefersReducedMotion(true);
  plays = [reply(503, { title: 'Service Unavailable' }), reply(200, playView())];
  start();
  await screen.findByRole('button', { name: 'Spin the wheel' });
  click('Spin the wheel');
  expect(await screen.findByText('The wheel did not spin')).toBeTruthy();
  click('Spin the wheel');
  expect(await screen.findByText('No win this time.')).toBeTruthy();
  const [first, second] = posted('/plays').map(([, body]) => (body as { play_id: string }).play_id);
  expect(second).toBe(first);

  click('Spin again');
  await waitFor(() => expect(posted('/plays')).toHaveLength(3));
  expect((posted('/plays')[2]![1] as { play_id: string }).play_id).not.toBe(first);
  restore();
});

test('no plays left says when the next one comes, and the play limit refusal is said in words', async () => {
  start();
  await screen.findByRole('button', { name: 'Spin the wheel' });
  const nextAt = '2026-12-08T10:00:00.000Z';
  plays = [reply(409, { title: 'Conflict', code: 'game_play_limit', next_at: nextAt })];
  game = publicGameView({ plays_left: { left: 0, next_at: nextAt } });
  click('Spin the wheel');
  expect(await screen.findByText('You have used all your plays for now.')).toBeTruthy();
  const when = new Date(nextAt).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
  expect(await screen.findByText(`Your next play comes at ${when}.`)).toBeTruthy();
  expect((screen.getByRole('button', { name: 'Spin the wheel' }) as HTMLButtonElement).disabled).toBe(true);
});

test('a game not open yet, and one that has ended, say so and offer no play', async () => {
  game = publicGameView({ status: 'draft' });
  const { unmount } = start();
  expect(await screen.findByText('This game has not started yet')).toBeTruthy();
  expect((screen.getByRole('button', { name: 'Spin the wheel' }) as HTMLButtonElement).disabled).toBe(true);
  unmount();

  game = publicGameView({ status: 'closed', kind: 'scratch' });
  start();
  expect(await screen.findByText('This game has ended')).toBeTruthy();
  expect((screen.getByRole('button', { name: 'Get a card' }) as HTMLButtonElement).disabled).toBe(true);
});

test('a scratch card comes covered over the drawn outcome, and "Reveal" takes the cover off for a keyboard', async () => {
  // A canvas that paints nothing, as jsdom has none: the cover is there for the test to take off.
  const getContext = jest.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue({
    fillRect: () => undefined,
    fillText: () => undefined,
  } as unknown as CanvasRenderingContext2D);
  game = publicGameView({ kind: 'scratch' });
  start();
  fireEvent.click(await screen.findByRole('button', { name: 'Get a card' }));
  await screen.findByRole('button', { name: 'Reveal' });
  // Under the cover, out of a screen reader's way until it is off.
  expect(screen.getByText('A free coffee').closest('[aria-hidden="true"]')).not.toBeNull();
  expect(announced().join(' ')).not.toContain('You won');
  click('Reveal');
  expect(await screen.findByText('You won: A free coffee!')).toBeTruthy();
  expect(screen.getByText('A free coffee').closest('[aria-hidden="true"]')).toBeNull();
  expect(announced()).toContain('You won: A free coffee!');
  getContext.mockRestore();
});

test('a won voucher is claimed: its code big, its text, and the QR staff scan; once redeemed, a reload says so', async () => {
  game = publicGameView({ my_plays: [playView({ prize: COFFEE })] });
  const { container, unmount } = start();
  fireEvent.click(await screen.findByRole('button', { name: 'Claim your prize' }));
  expect(await screen.findByText('K7M2PQ9XRT')).toBeTruthy();
  expect(screen.getByText('One coffee of your choice at the counter.')).toBeTruthy();
  expect(await screen.findByRole('img', { name: 'QR code of voucher K7M2PQ9XRT, for staff to scan' })).toBeTruthy();
  expect(posted('/claim')[0]).toEqual([`${base}/plays/${playView().play_id}/claim`, { player_token: PLAYER_TOKEN }]);
  await expectNoAxeViolations(container);
  unmount();

  game = publicGameView({ my_plays: [playView({ prize: COFFEE, claimed: true })] });
  claim = reply(200, voucherClaim({ redeemed_at: '2026-12-07T10:05:00.000Z' }));
  start();
  expect(await screen.findByText('Redeemed')).toBeTruthy();
  expect(screen.getByText('K7M2PQ9XRT')).toBeTruthy();
  expect(screen.queryByRole('button', { name: 'Claim your prize' })).toBeNull();
});

test('a won promo code is shown with a copy button', async () => {
  game = publicGameView({ my_plays: [playView({ prize: DISCOUNT })] });
  claim = reply(200, { ...voucherClaim(), prize: DISCOUNT, voucher: null, promo_code: 'TREAT-4821' } satisfies PrizeClaimView);
  start();
  fireEvent.click(await screen.findByRole('button', { name: 'Claim your prize' }));
  expect(await screen.findByText('TREAT-4821')).toBeTruthy();
  expect(screen.getByRole('button', { name: 'Copy the code' })).toBeTruthy();
});

test('a loyalty reward goes on the card this phone keeps, or on the one the player types in', async () => {
  const added = reply(200, {
    ...voucherClaim(),
    prize: STAMP,
    voucher: null,
    loyalty: { programme_id: PROGRAMME_ID, card_id: CARD_ID, exchange_id: '0190a6b2-0000-7000-8000-0000000000f1' },
  } satisfies PrizeClaimView);
  game = publicGameView({ my_plays: [playView({ prize: STAMP })] });
  claim = added;
  localStorage.setItem(loyaltyCardStorageKey(PROGRAMME_ID), CARD_ID);
  const { unmount } = start();
  fireEvent.click(await screen.findByRole('button', { name: 'Claim your prize' }));
  expect(await screen.findByText('Added to your card')).toBeTruthy();
  expect(screen.getByRole('link', { name: 'Open your card' }).getAttribute('href')).toBe(`/card/${PROGRAMME_ID}`);
  expect(posted('/claim').map(([, body]) => body)).toEqual([{ player_token: PLAYER_TOKEN, card_id: CARD_ID }]);
  unmount();

  localStorage.removeItem(loyaltyCardStorageKey(PROGRAMME_ID));
  game = publicGameView({ my_plays: [playView({ prize: STAMP })] });
  start();
  fireEvent.click(await screen.findByRole('button', { name: 'Claim your prize' }));
  const input = await screen.findByRole('textbox', { name: 'Your loyalty card number' });
  fireEvent.change(input, { target: { value: 'not-a-card' } });
  click('Add to my card');
  expect(await screen.findByText('A card id is a UUID.')).toBeTruthy();
  expect(posted('/claim')).toHaveLength(0);
  fireEvent.change(input, { target: { value: CARD_ID } });
  click('Add to my card');
  expect(await screen.findByText('Added to your card')).toBeTruthy();
  expect(posted('/claim').map(([, body]) => body)).toEqual([{ player_token: PLAYER_TOKEN, card_id: CARD_ID }]);
});

describe('a quiz', () => {
  const q1 = playView({ finished: false, score: 0, question: questionView(1) });
  beforeEach(() => {
    game = publicGameView({
      kind: 'quiz',
      name: 'Coffee quiz',
      prizes: [COFFEE],
      questions: 2,
      leaderboard: { order: 'desc', period: 'day', time_zone: 'UTC' },
    });
    plays = [reply(200, q1)];
    answer = ({ question_id, answer_id }) =>
      question_id === 'q1'
        ? { correct: answer_id === 'a', late: false, points: answer_id === 'a' ? 750 : 0, play: { ...q1, score: 750, question: questionView(2) } }
        : { correct: false, late: true, points: 0, play: { ...q1, finished: true, score: 750, question: null, prize: COFFEE } };
  });

  test('asks its questions in turn, marks each answer, sends none when time runs out, and ends on the score, the prize and the board', async () => {
    const { container } = start();
    fireEvent.change(await screen.findByRole('textbox', { name: 'Your nickname' }), { target: { value: ' Ada ' } });
    click('Start the quiz');
    expect(await screen.findByRole('heading', { name: 'Which bean makes espresso?' })).toBeTruthy();
    expect(posted('/plays').map(([, body]) => (body as { nickname: string }).nickname)).toEqual(['Ada']);
    expect(screen.getByText('Question 1 of 2')).toBeTruthy();
    expect(screen.getByRole('timer').textContent).toBe('10 seconds left');
    await expectNoAxeViolations(container);

    jest.useFakeTimers({ advanceTimers: true });
    click('Arabica');
    expect(await screen.findByRole('heading', { name: 'How hot is the milk for a latte?' })).toBeTruthy();
    expect(screen.getByText('Right answer: 750 added to your score.')).toBeTruthy();
    expect(screen.getByText('Score so far: 750')).toBeTruthy();

    act(() => jest.advanceTimersByTime(10_500));
    expect(await screen.findByRole('heading', { name: 'Your score: 750' })).toBeTruthy();
    expect(posted('/answers').map(([, body]) => body)).toEqual([
      { player_token: PLAYER_TOKEN, question_id: 'q1', answer_id: 'a' },
      { player_token: PLAYER_TOKEN, question_id: 'q2', answer_id: null },
    ]);
    expect(screen.getByText('Time’s up.')).toBeTruthy();
    expect(screen.getByText('You won: A free coffee!')).toBeTruthy();

    expect(await screen.findByRole('heading', { name: 'Today’s leaderboard' })).toBeTruthy();
    const mine = screen.getAllByRole('row').find((row) => row.getAttribute('aria-current') === 'true')!;
    expect(within(mine).getByText('Ada (you)')).toBeTruthy();
    expect(within(mine).getByText('1500')).toBeTruthy();
    expect(screen.getByText('Anonymous')).toBeTruthy();
    expect(screen.getByText('You are number 3 with 1500.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Play again' })).toBeTruthy();
  });

  test('a quiz left half-way carries on at its question after a reload', async () => {
    game = { ...game, my_plays: [{ ...q1, question: questionView(2, { asked_at: new Date().toISOString() }) }] };
    start();
    expect(await screen.findByRole('heading', { name: 'How hot is the milk for a latte?' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Start the quiz' })).toBeNull();
  });

  test('a nickname too long is said before the quiz starts', async () => {
    start();
    const nickname = await screen.findByRole('textbox', { name: 'Your nickname' });
    // maxLength stops typing; a paste in some browsers does not.
    fireEvent.change(nickname, { target: { value: '<script>' } });
    click('Start the quiz');
    expect(await screen.findByText('A nickname has letters, digits, spaces and punctuation only.')).toBeTruthy();
    expect(posted('/plays')).toHaveLength(0);
  });
});

test('an unknown game says it is not available', async () => {
  installFakeApi(() => reply(404, { title: 'Not Found', code: 'game_not_found' }));
  renderApp(`/game/${GAME_ID}`);
  expect(await screen.findByRole('heading', { name: 'This game is not available' })).toBeTruthy();
});
