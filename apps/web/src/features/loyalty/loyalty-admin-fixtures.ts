import { LoyaltyTerms, type LoyaltyMemberView, type ProgrammeView } from '@qr/contracts';
import { ACME_ORG_ID } from '../../testing/fake-api';

/** The admin loyalty specs' programme and member, as the API answers them. */
export const PROGRAMME_ID = '0190a6b2-0000-7000-8000-0000000000d1';
export const CARD_ID = '0190a6b2-0000-7000-8000-0000000000e1';
export const COFFEE_ID = '0190a6b2-0000-7000-8000-0000000000f1';
export const MUG_ID = '0190a6b2-0000-7000-8000-0000000000f2';
export const CODE_ID = 'AbCdEf1234';

export const coffeeTerms = (): LoyaltyTerms =>
  LoyaltyTerms.parse({
    name: 'Coffee card',
    kind: 'stamps',
    stamps_required: 10,
    earning: { per_scan: 1, per_submission: 0, per_currency_unit: 0.5, currency: 'EUR' },
    min_interval_minutes: 60,
    reward_list: [
      { reward_id: COFFEE_ID, name: 'A free coffee', price: 10, stock: null },
      { reward_id: MUG_ID, name: 'A mug', price: 3, stock: 5 },
    ],
    time_zone: 'Europe/London',
  });

export const programmeView = (extra: Partial<ProgrammeView> = {}): ProgrammeView => ({
  programme_id: PROGRAMME_ID,
  org_id: ACME_ORG_ID,
  code_id: CODE_ID,
  terms: coffeeTerms(),
  members: 2,
  rewards: [
    { reward_id: COFFEE_ID, name: 'A free coffee', price: 10, stock: null, redeemed: 4, remaining: null },
    { reward_id: MUG_ID, name: 'A mug', price: 3, stock: 5, redeemed: 5, remaining: 0 },
  ],
  created_at: '2026-11-24T10:00:00.000Z',
  updated_at: '2026-11-24T10:00:00.000Z',
  ...extra,
});

export const memberView = (extra: Partial<LoyaltyMemberView> = {}): LoyaltyMemberView => ({
  programme_id: PROGRAMME_ID,
  card_id: CARD_ID,
  email: 'ada@example.com',
  phone: '+442079460958',
  name: 'Ada',
  balance: 4,
  lifetime: 14,
  tier: null,
  joined_at: '2026-11-20T09:00:00.000Z',
  last_activity_at: '2026-11-24T09:30:00.000Z',
  // Newest first, as the API sends it.
  history: [
    {
      at: '2026-11-24T09:30:00.000Z',
      kind: 'credited',
      amount: 1,
      source: 'staff',
      reward_name: null,
      exchange_id: null,
      by: 'bob@acme.test',
      note: null,
      balance_after: 4,
    },
    { at: '2026-11-20T09:00:00.000Z', kind: 'joined', amount: 0, source: null, reward_name: null, exchange_id: null, by: null, note: null, balance_after: 0 },
  ],
  ...extra,
});
