import { DEFAULT_THEME_STYLE, type LeaderboardView, type PlayView, type PrizeClaimView, type PublicGameView, type PublicQuestion } from '@qr/contracts';

/** The players' page specs' game, as the public API answers it. */
export const GAME_ID = '0190a6b2-0000-7000-8000-0000000000b1';
export const PLAYER_TOKEN = 'AAAAAAAAAAAAAAAAAAAAAA.BBBBBBBBBBBBBBBBBBBBBB';
export const PLAY_AT = '2026-12-07T10:00:00.000Z';

export const PROGRAMME_ID = '0190a6b2-0000-7000-8000-0000000000e1';
export const COFFEE = { id: 'coffee', label: 'A free coffee', kind: 'voucher', programme_id: null } as const;
export const DISCOUNT = { id: 'discount', label: '10 % off', kind: 'promo_code', programme_id: null } as const;
export const STAMP = { id: 'stamp', label: 'A bonus stamp', kind: 'loyalty_reward', programme_id: PROGRAMME_ID } as const;

export const publicGameView = (extra: Partial<PublicGameView> = {}): PublicGameView => ({
  game_id: GAME_ID,
  code_id: 'AbCdEf1234',
  name: 'Spin for a treat',
  kind: 'wheel',
  status: 'open',
  prizes: [COFFEE, DISCOUNT, STAMP],
  questions: 0,
  leaderboard: null,
  player_token: PLAYER_TOKEN,
  plays_left: { left: 3, next_at: null },
  my_plays: [],
  owner: { name: 'Walk Café', logo: null, theme: { ...DEFAULT_THEME_STYLE, background: { kind: 'colour' } } },
  ...extra,
});

export const playView = (extra: Partial<PlayView> = {}): PlayView => ({
  play_id: '0190a6b2-0000-7000-8000-0000000000c1',
  game_id: GAME_ID,
  played_at: PLAY_AT,
  finished: true,
  prize: null,
  score: null,
  question: null,
  claimed: false,
  ...extra,
});

export const questionView = (number: number, extra: Partial<PublicQuestion> = {}): PublicQuestion => ({
  id: `q${number}`,
  number,
  of: 2,
  text: number === 1 ? 'Which bean makes espresso?' : 'How hot is the milk for a latte?',
  answers: [
    { id: 'a', label: number === 1 ? 'Arabica' : '65 °C' },
    { id: 'b', label: number === 1 ? 'Robusta' : '95 °C' },
  ],
  seconds: 10,
  asked_at: PLAY_AT,
  ...extra,
});

export const voucherClaim = (extra: { redeemed_at?: string | null } = {}): PrizeClaimView => ({
  play_id: playView().play_id,
  prize: COFFEE,
  voucher: {
    game_id: GAME_ID,
    play_id: playView().play_id,
    voucher_code: 'K7M2PQ9XRT',
    prize: COFFEE,
    text: 'One coffee of your choice at the counter.',
    won_at: PLAY_AT,
    redeemed_at: extra.redeemed_at ?? null,
    redeem_url: `/admin/games/${GAME_ID}/vouchers/K7M2PQ9XRT`,
  },
  promo_code: null,
  loyalty: null,
});

export const leaderboardView = (extra: Partial<LeaderboardView> = {}): LeaderboardView => ({
  game_id: GAME_ID,
  order: 'desc',
  board: { board: 1, started_at: '2026-12-07T00:00:00.000Z', ended_at: null, reason: null, players: 3 },
  top: [
    { rank: 1, nickname: 'Grace', score: 1900, achieved_at: PLAY_AT, me: false },
    { rank: 2, nickname: '', score: 1600, achieved_at: PLAY_AT, me: false },
    { rank: 3, nickname: 'Ada', score: 1500, achieved_at: PLAY_AT, me: true },
  ],
  me: { rank: 3, nickname: 'Ada', score: 1500, achieved_at: PLAY_AT, me: true },
  ...extra,
});
