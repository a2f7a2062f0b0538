import { promoCampaignStreamId, promoMasterKeyStreamId, type PromoCampaignEvent, type PromoMasterKeyEvent } from '@qr/domain';
import type { Projection } from '@qr/eventstore';
import type { SqlExecutor } from '@qr/platform';
import { promoCodesOf } from './promo-codes';

const CAMPAIGN_PREFIX = promoCampaignStreamId('');
const KEY_PREFIX = promoMasterKeyStreamId('');

/** What staff do to a campaign: the admin's next read waits for these, so they are not held back with the redemptions. */
const CAMPAIGN_CHANGES = ['PromoCampaignCreated', 'PromoCampaignUpdated', 'PromoCampaignKeySet', 'PromoCampaignDeleted'];

/** Rows per INSERT: one array parameter each, so 100,000 codes are a handful of statements. */
const INSERT_CHUNK = 25_000;

/**
 * A code's promo campaigns as the admin screens list them, and one row per promo code (a shared
 * campaign has one) as the validation looks a typed code up: which campaign's stream decides it.
 * A deleted campaign keeps its rows, marked, so its codes answer "unknown" rather than vanish from
 * the history screens.
 */
export const promoCampaigns: Projection = {
  name: 'promo-campaigns',
  version: 1,
  eventTypes: [...CAMPAIGN_CHANGES, 'PromoRedeemed'],
  // A hot campaign's redemption counts a quarter of a second behind cost nobody anything; its changes, which the admin reads next, apply at once.
  wakeDelayMs: 250,
  wakeAtOnceFor: CAMPAIGN_CHANGES,
  tables: {
    promo_campaigns: (table) => [
      `CREATE TABLE ${table} (
         campaign_id uuid PRIMARY KEY,
         org_id text NOT NULL,
         code_id text NOT NULL,
         name text NOT NULL,
         kind text NOT NULL,
         promo_code text,
         pattern jsonb,
         count integer,
         terms jsonb NOT NULL,
         master_key_id uuid,
         redeemed integer NOT NULL DEFAULT 0,
         status text NOT NULL,
         created_at timestamptz NOT NULL,
         updated_at timestamptz NOT NULL
       )`,
      `CREATE INDEX ${table}_code ON ${table} (org_id, code_id, created_at DESC)`,
      `CREATE INDEX ${table}_key ON ${table} (master_key_id) WHERE master_key_id IS NOT NULL`,
    ],
    promo_codes: (table) => [
      `CREATE TABLE ${table} (
         campaign_id uuid NOT NULL,
         code_id text NOT NULL,
         promo_code text NOT NULL,
         ordinal integer NOT NULL,
         redeemed_at timestamptz,
         PRIMARY KEY (campaign_id, ordinal)
       )`,
      // The validation's lookup: a typed code of one QR code.
      `CREATE INDEX ${table}_lookup ON ${table} (code_id, promo_code)`,
    ],
  },
  async handle(events, { tx, table }) {
    const campaigns = table('promo_campaigns');
    const codes = table('promo_codes');
    const redemptions: { campaignId: string; promoCode: string; at: string }[] = [];
    for (const recorded of events) {
      const campaignId = recorded.streamId.slice(CAMPAIGN_PREFIX.length);
      // Only the promo campaign decider writes these types, so the payload has its shape.
      const event = { type: recorded.type, data: recorded.data } as PromoCampaignEvent;
      const at = recorded.occurredAt;
      switch (event.type) {
        case 'PromoCampaignCreated': {
          const { org_id, code_id, codes: issued, terms, master_key_id } = event.data;
          const shared = issued.kind === 'shared';
          await tx.query(
            `INSERT INTO ${campaigns} (campaign_id, org_id, code_id, name, kind, promo_code, pattern, count, terms, master_key_id, status, created_at, updated_at)
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, 'live', $11, $11)`,
            [
              campaignId,
              org_id,
              code_id,
              terms.name,
              issued.kind,
              shared ? issued.promo_code : null,
              shared ? null : JSON.stringify(issued.pattern),
              shared ? null : issued.count,
              JSON.stringify(terms),
              master_key_id,
              at,
            ],
          );
          await insertCodes(tx, codes, campaignId, code_id, shared ? [issued.promo_code] : promoCodesOf(issued.pattern, issued.count, issued.seed));
          break;
        }
        case 'PromoCampaignUpdated':
          await tx.query(`UPDATE ${campaigns} SET name = $2, terms = $3, updated_at = $4 WHERE campaign_id = $1`, [
            campaignId,
            event.data.terms.name,
            JSON.stringify(event.data.terms),
            at,
          ]);
          break;
        case 'PromoCampaignKeySet':
          await tx.query(`UPDATE ${campaigns} SET master_key_id = $2, updated_at = $3 WHERE campaign_id = $1`, [campaignId, event.data.master_key_id, at]);
          break;
        case 'PromoCampaignDeleted':
          await tx.query(`UPDATE ${campaigns} SET status = 'deleted', updated_at = $2 WHERE campaign_id = $1`, [campaignId, at]);
          break;
        case 'PromoRedeemed':
          redemptions.push({ campaignId, promoCode: event.data.promo_code, at: event.data.at });
          break;
        default:
          break;
      }
    }
    await recordRedemptions(tx, campaigns, codes, redemptions);
  },
};

async function insertCodes(tx: SqlExecutor, codes: string, campaignId: string, codeId: string, promoCodes: string[]): Promise<void> {
  for (let start = 0; start < promoCodes.length; start += INSERT_CHUNK) {
    await tx.query(
      `INSERT INTO ${codes} (campaign_id, code_id, promo_code, ordinal)
         SELECT $2::uuid, $3, promo_code, $4::int + n::int FROM unnest($1::text[]) WITH ORDINALITY AS u(promo_code, n)`,
      [promoCodes.slice(start, start + INSERT_CHUNK), campaignId, codeId, start],
    );
  }
}

/**
 * A hot campaign's redemptions arrive in bursts: one statement a batch for the counts, and one for
 * the codes (a unique code is redeemed once; a shared code's row keeps its first redemption).
 */
async function recordRedemptions(
  tx: SqlExecutor,
  campaigns: string,
  codes: string,
  redemptions: readonly { campaignId: string; promoCode: string; at: string }[],
): Promise<void> {
  if (redemptions.length === 0) return;
  const counts = new Map<string, number>();
  for (const { campaignId } of redemptions) counts.set(campaignId, (counts.get(campaignId) ?? 0) + 1);
  await tx.query(
    `UPDATE ${campaigns} c SET redeemed = c.redeemed + u.n FROM unnest($1::uuid[], $2::int[]) AS u(campaign_id, n) WHERE c.campaign_id = u.campaign_id`,
    [[...counts.keys()], [...counts.values()]],
  );
  await tx.query(
    `UPDATE ${codes} c SET redeemed_at = u.at FROM unnest($1::uuid[], $2::text[], $3::timestamptz[]) AS u(campaign_id, promo_code, at)
      WHERE c.campaign_id = u.campaign_id AND c.promo_code = u.promo_code AND c.redeemed_at IS NULL`,
    [redemptions.map((r) => r.campaignId), redemptions.map((r) => r.promoCode), redemptions.map((r) => r.at)],
  );
}

/** An organisation's master promo keys, without their secrets (those live encrypted in the API's own table). */
export const promoMasterKeys: Projection = {
  name: 'promo-master-keys',
  version: 1,
  eventTypes: ['PromoMasterKeyCreated', 'PromoMasterKeyRenamed', 'PromoMasterKeyRotated', 'PromoMasterKeyDeleted'],
  tables: {
    promo_master_keys: (table) => [
      `CREATE TABLE ${table} (
         key_id uuid PRIMARY KEY,
         org_id text NOT NULL,
         name text NOT NULL,
         version integer NOT NULL,
         status text NOT NULL,
         created_at timestamptz NOT NULL,
         rotated_at timestamptz
       )`,
      `CREATE INDEX ${table}_org ON ${table} (org_id, created_at)`,
    ],
  },
  async handle(events, { tx, table }) {
    const keys = table('promo_master_keys');
    for (const recorded of events) {
      const keyId = recorded.streamId.slice(KEY_PREFIX.length);
      // Only the master key decider writes these types, so the payload has its shape.
      const event = { type: recorded.type, data: recorded.data } as PromoMasterKeyEvent;
      const at = recorded.occurredAt;
      switch (event.type) {
        case 'PromoMasterKeyCreated':
          await tx.query(`INSERT INTO ${keys} (key_id, org_id, name, version, status, created_at) VALUES ($1, $2, $3, 1, 'live', $4)`, [
            keyId,
            event.data.org_id,
            event.data.name,
            at,
          ]);
          break;
        case 'PromoMasterKeyRenamed':
          await tx.query(`UPDATE ${keys} SET name = $2 WHERE key_id = $1`, [keyId, event.data.name]);
          break;
        case 'PromoMasterKeyRotated':
          await tx.query(`UPDATE ${keys} SET version = $2, rotated_at = $3 WHERE key_id = $1`, [keyId, event.data.version, at]);
          break;
        case 'PromoMasterKeyDeleted':
          await tx.query(`UPDATE ${keys} SET status = 'deleted' WHERE key_id = $1`, [keyId]);
          break;
      }
    }
  },
};
