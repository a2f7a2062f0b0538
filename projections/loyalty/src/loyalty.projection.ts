import { loyaltyProgrammeStreamId, type LoyaltyProgrammeEvent } from '@qr/domain';
import type { Projection } from '@qr/eventstore';
import type { SqlExecutor } from '@qr/platform';
import { LoyaltyBatch, type LoyaltyTables, type ProgrammeEventAt } from './loyalty-batch';

const PROGRAMME_PREFIX = loyaltyProgrammeStreamId('');

/**
 * A code's loyalty programmes and everything their members did (issue 54), from the programme's
 * one stream: the programme with its terms and member count, each member's card (balance, lifetime
 * earnings, the tier's measure, last stamp), a history line per join, credit and redemption with the
 * balance after it, each reward's redemptions against its stock, each exchange, and each referral
 * with the fraud rules that fired. A deleted programme keeps its rows, marked.
 */
export const loyalty: Projection = {
  name: 'loyalty',
  version: 1,
  // Fed by a hot path (a busy programme's stamps, thousands a second): a few large batches a second
  // rather than a transaction per append (docs/decisions/008). Commands that answer from these
  // tables wait for them by position (LoyaltyReads.reached).
  wakeDelayMs: 250,
  eventTypes: [
    'LoyaltyProgrammeCreated',
    'LoyaltyProgrammeUpdated',
    'LoyaltyProgrammeDeleted',
    'LoyaltyMemberJoined',
    'LoyaltyCredited',
    'LoyaltyRewardRedeemed',
    'LoyaltyRewardGranted',
    'LoyaltyReferralRecorded',
    'LoyaltyReferralConverted',
    'LoyaltyCampaignRewardGranted',
  ],
  tables: {
    loyalty_programmes: (table) => [
      `CREATE TABLE ${table} (
         programme_id uuid PRIMARY KEY,
         org_id text NOT NULL,
         code_id text NOT NULL,
         terms jsonb NOT NULL,
         status text NOT NULL,
         members integer NOT NULL DEFAULT 0,
         created_at timestamptz NOT NULL,
         updated_at timestamptz NOT NULL
       )`,
      `CREATE INDEX ${table}_code ON ${table} (org_id, code_id, created_at DESC)`,
      // A referral by phone finds its programme by the code (spec §7 "refer subscription").
      `CREATE INDEX ${table}_live_code ON ${table} (code_id, created_at) WHERE status = 'live'`,
    ],
    loyalty_members: (table) => [
      `CREATE TABLE ${table} (
         card_id uuid PRIMARY KEY,
         programme_id uuid NOT NULL,
         email text,
         phone text,
         name text,
         balance integer NOT NULL,
         lifetime integer NOT NULL,
         scans integer NOT NULL,
         last_stamp_at timestamptz,
         granted jsonb NOT NULL,
         joined_at timestamptz NOT NULL,
         last_activity_at timestamptz NOT NULL
       )`,
      // The members screen and the export: newest first, in pages.
      `CREATE INDEX ${table}_programme ON ${table} (programme_id, joined_at DESC, card_id)`,
    ],
    loyalty_history: (table) => [
      `CREATE TABLE ${table} (
         position bigint PRIMARY KEY,
         programme_id uuid NOT NULL,
         card_id uuid NOT NULL,
         kind text NOT NULL,
         amount integer NOT NULL,
         source text,
         reward_id uuid,
         reward_name text,
         exchange_id uuid,
         posted_by text,
         note text,
         balance_after integer NOT NULL,
         at timestamptz NOT NULL
       )`,
      `CREATE INDEX ${table}_card ON ${table} (card_id, position DESC)`,
    ],
    loyalty_reward_stock: (table) => [
      `CREATE TABLE ${table} (
         programme_id uuid NOT NULL,
         reward_id uuid NOT NULL,
         redeemed integer NOT NULL,
         PRIMARY KEY (programme_id, reward_id)
       )`,
    ],
    loyalty_exchanges: (table) => [
      `CREATE TABLE ${table} (
         exchange_id uuid PRIMARY KEY,
         programme_id uuid NOT NULL,
         card_id uuid NOT NULL,
         reward_id uuid NOT NULL,
         reward_name text NOT NULL,
         price integer NOT NULL,
         campaign_reward_id uuid,
         at timestamptz NOT NULL
       )`,
    ],
    loyalty_referrals: (table) => [
      `CREATE TABLE ${table} (
         referral_id uuid PRIMARY KEY,
         programme_id uuid NOT NULL,
         referrer text NOT NULL,
         referrer_card_id uuid,
         friend text NOT NULL,
         friend_card_id uuid,
         action text NOT NULL,
         flags jsonb NOT NULL,
         status text NOT NULL,
         rewarded boolean NOT NULL DEFAULT false,
         referrer_rewarded integer NOT NULL DEFAULT 0,
         recorded_at timestamptz NOT NULL,
         converted_at timestamptz
       )`,
      `CREATE INDEX ${table}_programme ON ${table} (programme_id, recorded_at DESC)`,
    ],
  },
  async handle(events, { tx, table }) {
    const tables: LoyaltyTables = {
      programmes: table('loyalty_programmes'),
      members: table('loyalty_members'),
      history: table('loyalty_history'),
      stock: table('loyalty_reward_stock'),
      exchanges: table('loyalty_exchanges'),
      referrals: table('loyalty_referrals'),
    };
    const batch: ProgrammeEventAt[] = events.map((recorded) => ({
      programmeId: recorded.streamId.slice(PROGRAMME_PREFIX.length),
      position: recorded.globalPosition,
      // Only the loyalty programme decider writes these types, so the payload has its shape.
      event: { type: recorded.type, data: recorded.data } as LoyaltyProgrammeEvent,
    }));
    // The programme's own events are few: one statement each, before the members' (whose counts they hold).
    for (const [i, { programmeId, event }] of batch.entries()) await applyProgrammeEvent(tx, tables.programmes, programmeId, event, events[i]!.occurredAt);
    const members = await LoyaltyBatch.load(tx, tables, batch);
    for (const at of batch) members.apply(at);
    await members.write(tx, tables);
  },
};

async function applyProgrammeEvent(tx: SqlExecutor, programmes: string, programmeId: string, event: LoyaltyProgrammeEvent, at: Date): Promise<void> {
  switch (event.type) {
    case 'LoyaltyProgrammeCreated': {
      const { org_id, code_id, terms } = event.data;
      await tx.query(
        `INSERT INTO ${programmes} (programme_id, org_id, code_id, terms, status, created_at, updated_at) VALUES ($1, $2, $3, $4, 'live', $5, $5)`,
        [programmeId, org_id, code_id, JSON.stringify(terms), at],
      );
      break;
    }
    case 'LoyaltyProgrammeUpdated':
      await tx.query(`UPDATE ${programmes} SET terms = $2, updated_at = $3 WHERE programme_id = $1`, [programmeId, JSON.stringify(event.data.terms), at]);
      break;
    case 'LoyaltyProgrammeDeleted':
      await tx.query(`UPDATE ${programmes} SET status = 'deleted', updated_at = $2 WHERE programme_id = $1`, [programmeId, at]);
      break;
    default:
      break;
  }
}
