import {
  LoyaltyTerms,
  PromoTerms,
  type GamePlayRow,
  type GameView,
  type LeaderboardBoard,
  type LeaderboardView,
  type PrizeInventoryView,
  type ProgrammeView,
  type PromoCampaignView,
  type VoucherView,
} from '@qr/contracts';
import { ACME_ORG_ID } from '../../testing/fake-api';

/** The games specs' game, as the staff's API answers it. */
export const GAME_ID = '0190a6b2-0000-7000-8000-0000000000b1';
export const CODE_ID = 'AbCdEf1234';
export const VOUCHER_CODE = 'K7M2P9Q4RT';
export const CAMPAIGN_ID = '0190a6b2-0000-7000-8000-0000000000c1';
export const PROGRAMME_ID = '0190a6b2-0000-7000-8000-0000000000e1';
export const MUG_ID = '0190a6b2-0000-7000-8000-0000000000f2';

/** The code's promo campaign and loyalty programme, that a prize can give. */
export const campaignView = (): PromoCampaignView => ({
  campaign_id: CAMPAIGN_ID,
  org_id: ACME_ORG_ID,
  code_id: CODE_ID,
  codes: { kind: 'shared', promo_code: 'SUMMER24' },
  terms: PromoTerms.parse({ name: 'Summer coffee', offer: { kind: 'text', text: 'A free coffee' } }),
  master_key_id: null,
  redeemed: 0,
  created_at: '2026-11-24T10:00:00.000Z',
  updated_at: '2026-11-24T10:00:00.000Z',
});

export const programmeView = (): ProgrammeView => ({
  programme_id: PROGRAMME_ID,
  org_id: ACME_ORG_ID,
  code_id: CODE_ID,
  terms: LoyaltyTerms.parse({ name: 'Coffee card', kind: 'stamps', reward_list: [{ reward_id: MUG_ID, name: 'A mug', price: 3, stock: 5 }] }),
  members: 2,
  rewards: [{ reward_id: MUG_ID, name: 'A mug', price: 3, stock: 5, redeemed: 0, remaining: 5 }],
  created_at: '2026-11-24T10:00:00.000Z',
  updated_at: '2026-11-24T10:00:00.000Z',
});

const STOCK: PrizeInventoryView['prizes'] = [
  { prize_id: 'coffee', label: 'A free coffee', kind: 'voucher', stock: 50, won: 12, claimed: 9, remaining: 38 },
  { prize_id: 'tenoff', label: '10 % off', kind: 'promo_code', stock: 20, won: 20, claimed: 18, remaining: 0 },
];

export const gameView = (extra: Partial<GameView> = {}): GameView => ({
  game_id: GAME_ID,
  org_id: ACME_ORG_ID,
  code_id: CODE_ID,
  name: 'Coffee quiz',
  kind: 'quiz',
  prizes: [
    { id: 'coffee', label: 'A free coffee', stock: 50, chance: 30, claim: { kind: 'voucher', text: 'One coffee of any size' } },
    { id: 'tenoff', label: '10 % off', stock: 20, chance: 10, claim: { kind: 'promo_code', campaign_id: CAMPAIGN_ID } },
  ],
  draw: { mode: 'odds' },
  play_limit: { plays: 1, per: 'day' },
  quiz: {
    questions: [
      {
        id: 'q1',
        text: 'Where do coffee beans grow?',
        answers: [
          { id: 'a1', label: 'On trees' },
          { id: 'a2', label: 'Under ground' },
        ],
        correct: 'a1',
        seconds: 20,
      },
    ],
    scoring: 'points',
    win_score: 500,
  },
  leaderboard: { order: 'desc', period: 'all_time', time_zone: 'UTC' },
  status: 'open',
  plays: 40,
  players: 31,
  winners: 32,
  board: 2,
  board_ends_at: null,
  stock: STOCK,
  player_url: `/game/${GAME_ID}`,
  created_at: '2026-12-04T10:00:00.000Z',
  updated_at: '2026-12-04T10:00:00.000Z',
  ...extra,
});

export const inventoryView = (): PrizeInventoryView => ({ game_id: GAME_ID, prizes: STOCK });

export const playRow = (extra: Partial<GamePlayRow> = {}): GamePlayRow => ({
  play_id: '0190a6b2-0000-7000-8000-0000000000d1',
  player: 'p-3f9a',
  nickname: 'Ada',
  played_at: '2026-12-05T09:30:00.000Z',
  finished: true,
  score: 870,
  prize: { id: 'coffee', label: 'A free coffee', kind: 'voucher', programme_id: null },
  claimed_at: '2026-12-05T09:31:00.000Z',
  voucher_code: VOUCHER_CODE,
  redeemed_at: null,
  ...extra,
});

export const boardOf = (board: number, extra: Partial<LeaderboardBoard> = {}): LeaderboardBoard => ({
  board,
  started_at: '2026-12-01T00:00:00.000Z',
  ended_at: null,
  reason: null,
  players: 2,
  ...extra,
});

export const leaderboardView = (board: LeaderboardBoard, names: readonly string[]): LeaderboardView => ({
  game_id: GAME_ID,
  order: 'desc',
  board,
  top: names.map((nickname, index) => ({ rank: index + 1, nickname, score: 900 - index * 100, achieved_at: '2026-12-05T09:30:00.000Z', me: false })),
  me: null,
});

export const voucherView = (extra: Partial<VoucherView> = {}): VoucherView => ({
  game_id: GAME_ID,
  play_id: '0190a6b2-0000-7000-8000-0000000000d1',
  voucher_code: VOUCHER_CODE,
  prize: { id: 'coffee', label: 'A free coffee', kind: 'voucher', programme_id: null },
  text: 'One coffee of any size',
  won_at: '2026-12-05T09:30:00.000Z',
  redeemed_at: null,
  redeem_url: `/admin/games/${GAME_ID}/vouchers/${VOUCHER_CODE}`,
  ...extra,
});
