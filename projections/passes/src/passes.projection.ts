import { normalPromoCode, passSourceId, type PassHolder } from '@qr/contracts';
import {
  loyaltyProgrammeStreamId,
  passDesignStreamId,
  passStreamId,
  promoCampaignStreamId,
  type LoyaltyCredited,
  type LoyaltyRewardRedeemed,
  type PageEventDataCleared,
  type PageEventDataSet,
  type PassDesignEvent,
  type PassEvent,
  type PromoRedeemed,
} from '@qr/domain';
import type { Projection, RecordedEvent } from '@qr/eventstore';
import type { SqlExecutor } from '@qr/platform';

const DESIGN_PREFIX = passDesignStreamId('');
const PASS_PREFIX = passStreamId('');
const PROGRAMME_PREFIX = loyaltyProgrammeStreamId('');
const CAMPAIGN_PREFIX = promoCampaignStreamId('');

/** The key a pass's holder is found by when its source changes: a card id, a promo code as typed at a till, a ticket holder's name. */
export function holderKeyOf(holder: PassHolder): string {
  if (holder.kind === 'loyalty_card') return holder.card_id;
  if (holder.kind === 'promo_code') return normalPromoCode(holder.promo_code);
  return holder.holder;
}

/**
 * Wallet pass designs and the passes issued from them (issue 56), with `update_tag`, the global
 * position of the last event that changed what a pass shows: its own voiding, its design, or its
 * source (a card's balance, a programme's or campaign's terms, a code's redemption, an event's
 * time and place). The PassKit web service answers "serials changed since a tag" from it, and the
 * pass updater pushes each pass whose tag moved. A source that was deleted marks its passes.
 */
export const passes: Projection = {
  name: 'passes',
  version: 1,
  // Fed by the loyalty hot path too: a few large batches a second (docs/decisions/008).
  wakeDelayMs: 250,
  eventTypes: [
    'PassDesignCreated',
    'PassDesignUpdated',
    'PassDesignDeleted',
    'PassIssued',
    'PassVoided',
    'PassRestored',
    'LoyaltyProgrammeUpdated',
    'LoyaltyProgrammeDeleted',
    'LoyaltyCredited',
    'LoyaltyRewardRedeemed',
    'PromoCampaignUpdated',
    'PromoCampaignDeleted',
    'PromoRedeemed',
    'PageEventDataSet',
    'PageEventDataCleared',
  ],
  tables: {
    pass_designs: (table) => [
      `CREATE TABLE ${table} (
         design_id uuid PRIMARY KEY,
         org_id text NOT NULL,
         kind text NOT NULL,
         source_id uuid NOT NULL,
         source jsonb NOT NULL,
         terms jsonb NOT NULL,
         status text NOT NULL,
         passes integer NOT NULL DEFAULT 0,
         created_at timestamptz NOT NULL,
         updated_at timestamptz NOT NULL
       )`,
      `CREATE INDEX ${table}_org ON ${table} (org_id, created_at DESC)`,
      `CREATE INDEX ${table}_source ON ${table} (source_id) WHERE status = 'live'`,
    ],
    passes: (table) => [
      `CREATE TABLE ${table} (
         pass_id uuid PRIMARY KEY,
         org_id text NOT NULL,
         design_id uuid NOT NULL,
         kind text NOT NULL,
         source_id uuid NOT NULL,
         holder jsonb NOT NULL,
         holder_key text NOT NULL,
         issued_by text,
         voided boolean NOT NULL DEFAULT false,
         source_gone boolean NOT NULL DEFAULT false,
         design_gone boolean NOT NULL DEFAULT false,
         issued_at timestamptz NOT NULL,
         updated_at timestamptz NOT NULL,
         update_tag bigint NOT NULL
       )`,
      `CREATE INDEX ${table}_design ON ${table} (design_id, issued_at DESC)`,
      `CREATE INDEX ${table}_org ON ${table} (org_id, issued_at DESC)`,
      `CREATE INDEX ${table}_source ON ${table} (source_id, holder_key)`,
      `CREATE INDEX ${table}_tag ON ${table} (update_tag)`,
    ],
  },
  async handle(events, { tx, table }) {
    // A busy programme's credits are most of what arrives: they touch their cards' passes in one
    // statement per batch, the rest in order.
    const cards = new Map<string, CardTouch>();
    for (const recorded of events) {
      if (recorded.type === 'LoyaltyCredited' || recorded.type === 'LoyaltyRewardRedeemed') {
        const { card_id } = recorded.data as (LoyaltyCredited | LoyaltyRewardRedeemed)['data'];
        const sourceId = recorded.streamId.slice(PROGRAMME_PREFIX.length);
        cards.set(`${sourceId}\n${card_id}`, { sourceId, cardId: card_id, tag: recorded.globalPosition, at: recorded.occurredAt });
      } else await apply(tx, table('pass_designs'), table('passes'), recorded);
    }
    await touchCards(tx, table('passes'), [...cards.values()]);
  },
};

interface CardTouch {
  sourceId: string;
  cardId: string;
  tag: number;
  at: Date;
}

/**
 * The batch's last change of each card, on the passes of that card. A pass issued later in the
 * batch keeps its own (later) tag, as it would had the events been applied one by one.
 */
async function touchCards(tx: SqlExecutor, passTable: string, touches: readonly CardTouch[]): Promise<void> {
  if (touches.length === 0) return;
  await tx.query(
    `UPDATE ${passTable} p SET update_tag = t.tag, updated_at = t.at
       FROM unnest($1::uuid[], $2::text[], $3::bigint[], $4::timestamptz[]) AS t(source_id, holder_key, tag, at)
      WHERE p.source_id = t.source_id AND p.holder_key = t.holder_key AND p.update_tag < t.tag`,
    [touches.map((touch) => touch.sourceId), touches.map((touch) => touch.cardId), touches.map((touch) => touch.tag), touches.map((touch) => touch.at)],
  );
}

async function apply(tx: SqlExecutor, designs: string, passTable: string, recorded: RecordedEvent): Promise<void> {
  const at = recorded.occurredAt;
  const tag = recorded.globalPosition;
  /** Marks the passes `where` selects as changed by this event, setting `extra` with them. */
  const touch = (where: string, params: unknown[], extra = '') =>
    tx.query(`UPDATE ${passTable} SET update_tag = $1, updated_at = $2${extra} WHERE ${where}`, [tag, at, ...params]);

  if (recorded.streamId.startsWith(DESIGN_PREFIX)) {
    const designId = recorded.streamId.slice(DESIGN_PREFIX.length);
    // Only the pass design decider writes to these streams, so the payload has its shape.
    const event = { type: recorded.type, data: recorded.data } as PassDesignEvent;
    switch (event.type) {
      case 'PassDesignCreated': {
        const { org_id, source, terms } = event.data;
        await tx.query(
          `INSERT INTO ${designs} (design_id, org_id, kind, source_id, source, terms, status, created_at, updated_at) VALUES ($1, $2, $3, $4, $5, $6, 'live', $7, $7)
           ON CONFLICT (design_id) DO NOTHING`,
          [designId, org_id, source.kind, passSourceId(source), JSON.stringify(source), JSON.stringify(terms), at],
        );
        return;
      }
      case 'PassDesignUpdated':
        await tx.query(`UPDATE ${designs} SET terms = $2, updated_at = $3 WHERE design_id = $1`, [designId, JSON.stringify(event.data.terms), at]);
        await touch('design_id = $3', [designId]);
        return;
      case 'PassDesignDeleted':
        await tx.query(`UPDATE ${designs} SET status = 'deleted', updated_at = $2 WHERE design_id = $1`, [designId, at]);
        await touch('design_id = $3', [designId], ', design_gone = true');
        return;
    }
  }
  if (recorded.streamId.startsWith(PASS_PREFIX)) {
    const passId = recorded.streamId.slice(PASS_PREFIX.length);
    const event = { type: recorded.type, data: recorded.data } as PassEvent;
    switch (event.type) {
      case 'PassIssued': {
        const { design_id, org_id, source, holder, issued_by } = event.data;
        const { rows } = await tx.query(
          `INSERT INTO ${passTable} (pass_id, org_id, design_id, kind, source_id, holder, holder_key, issued_by, issued_at, updated_at, update_tag)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $9, $10) ON CONFLICT (pass_id) DO NOTHING RETURNING 1`,
          [passId, org_id, design_id, source.kind, passSourceId(source), JSON.stringify(holder), holderKeyOf(holder), issued_by, at, tag],
        );
        if (rows.length > 0) await tx.query(`UPDATE ${designs} SET passes = passes + 1 WHERE design_id = $1`, [design_id]);
        return;
      }
      case 'PassVoided':
      case 'PassRestored':
        await touch('pass_id = $3', [passId], `, voided = ${event.type === 'PassVoided'}`);
        return;
    }
  }
  switch (recorded.type) {
    case 'LoyaltyProgrammeUpdated':
    case 'PromoCampaignUpdated':
      await touch('source_id = $3', [recorded.streamId.slice(recorded.type === 'LoyaltyProgrammeUpdated' ? PROGRAMME_PREFIX.length : CAMPAIGN_PREFIX.length)]);
      return;
    case 'LoyaltyProgrammeDeleted':
    case 'PromoCampaignDeleted':
      await touch(
        'source_id = $3',
        [recorded.streamId.slice(recorded.type === 'LoyaltyProgrammeDeleted' ? PROGRAMME_PREFIX.length : CAMPAIGN_PREFIX.length)],
        ', source_gone = true',
      );
      return;
    case 'PromoRedeemed': {
      const { campaign_id, promo_code } = recorded.data as PromoRedeemed['data'];
      if (campaign_id) await touch('source_id = $3 AND holder_key = $4', [campaign_id, normalPromoCode(promo_code)]);
      return;
    }
    case 'PageEventDataSet':
    case 'PageEventDataCleared': {
      const { page_id } = recorded.data as (PageEventDataSet | PageEventDataCleared)['data'];
      await touch('source_id = $3', [page_id]);
      return;
    }
  }
}
