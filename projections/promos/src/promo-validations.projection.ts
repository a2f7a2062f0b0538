import type { PromoRedeemed, PromoRefused } from '@qr/domain';
import type { Projection } from '@qr/eventstore';

/** What the hourly rollup counts a redemption under; every other value of `result` is a refusal's reason. */
export const REDEEMED = 'redeemed';

/**
 * Every validation of a promo code, redeemed or refused, with the evidence it brought: the list of
 * redemptions and the promo export read it. A refusal that matched no campaign (`unknown`, on the
 * code's `promo-refusals-<code_id>` stream) has no campaign_id.
 *
 * Beside it, per campaign and UTC hour, how many validations ended in each result (`redeemed` or
 * a refusal's reason): usage and analytics sum these few rows, however many millions of validations
 * a campaign has seen. A zone's days and months are sums of its hours, as in the analytics rollups.
 *
 * A batch is one statement, whatever its size: its rows go in, and the rows that went in are added
 * to the hours. A rebuild replays the same events into the same rows and sums.
 */
export const promoValidations: Projection = {
  name: 'promo-validations',
  version: 1,
  eventTypes: ['PromoRedeemed', 'PromoRefused'],
  // Fed by a hot campaign's validations: a few large batches a second rather than a transaction per append, as the scans' projections.
  wakeDelayMs: 250,
  tables: {
    promo_validations: (table) => [
      `CREATE TABLE ${table} (
         position bigint PRIMARY KEY,
         campaign_id uuid,
         code_id text NOT NULL,
         org_id text NOT NULL,
         outcome text NOT NULL,
         reason text,
         promo_code text NOT NULL,
         redemption_id uuid,
         at timestamptz NOT NULL,
         latitude double precision,
         longitude double precision,
         accuracy_m double precision,
         distance_m double precision,
         master_key_id uuid,
         master_key_version integer
       )`,
      // The export's keyset pages, oldest first.
      `CREATE INDEX ${table}_campaign ON ${table} (campaign_id, position) WHERE campaign_id IS NOT NULL`,
      // The list of redemptions, newest first.
      `CREATE INDEX ${table}_redeemed ON ${table} (campaign_id, position DESC) WHERE outcome = 'redeemed'`,
    ],
    promo_validations_hourly: (table) => [
      `CREATE TABLE ${table} (
         campaign_id uuid NOT NULL,
         hour timestamptz NOT NULL,
         result text NOT NULL,
         count bigint NOT NULL,
         PRIMARY KEY (campaign_id, hour, result)
       )`,
    ],
  },
  async handle(events, { tx, table }) {
    if (events.length === 0) return;
    const rows = events.map((recorded) => {
      // Only the promo campaign decider and the validation write these types, so the payload has its shape.
      const event = { type: recorded.type, data: recorded.data } as PromoRedeemed | PromoRefused;
      const { data } = event;
      const redeemed = event.type === 'PromoRedeemed' ? event.data : null;
      return {
        position: recorded.globalPosition,
        campaign: data.campaign_id,
        code: data.code_id,
        org: data.org_id,
        outcome: redeemed ? REDEEMED : 'refused',
        reason: event.type === 'PromoRefused' ? event.data.reason : null,
        promoCode: data.promo_code,
        redemption: redeemed?.redemption_id ?? null,
        at: data.at,
        latitude: data.latitude,
        longitude: data.longitude,
        accuracy: data.accuracy_m,
        distance: data.distance_m,
        keyId: redeemed?.master_key?.key_id ?? null,
        keyVersion: redeemed?.master_key?.version ?? null,
      };
    });
    const validations = table('promo_validations');
    await tx.query(
      `WITH added AS (
         INSERT INTO ${validations} (position, campaign_id, code_id, org_id, outcome, reason, promo_code, redemption_id, at,
                                     latitude, longitude, accuracy_m, distance_m, master_key_id, master_key_version)
           SELECT position, campaign_id, code_id, org_id, outcome, reason, promo_code, redemption_id, at,
                  latitude, longitude, accuracy_m, distance_m, master_key_id, master_key_version
             FROM unnest($1::bigint[], $2::uuid[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[], $8::uuid[], $9::timestamptz[],
                         $10::float8[], $11::float8[], $12::float8[], $13::float8[], $14::uuid[], $15::int[])
               AS u(position, campaign_id, code_id, org_id, outcome, reason, promo_code, redemption_id, at,
                    latitude, longitude, accuracy_m, distance_m, master_key_id, master_key_version)
         RETURNING campaign_id, outcome, reason, at
       ), hours AS (
         -- The UTC hour from the epoch, not date_trunc, which cuts in the session's zone.
         SELECT campaign_id, to_timestamp(floor(extract(epoch FROM at) / 3600) * 3600) AS hour, coalesce(reason, outcome) AS result, count(*) AS n
           FROM added WHERE campaign_id IS NOT NULL
          GROUP BY 1, 2, 3
       )
       INSERT INTO ${table('promo_validations_hourly')} AS h (campaign_id, hour, result, count)
         SELECT campaign_id, hour, result, n FROM hours
       ON CONFLICT (campaign_id, hour, result) DO UPDATE SET count = h.count + excluded.count`,
      // In the order of the unnest above.
      (
        [
          'position',
          'campaign',
          'code',
          'org',
          'outcome',
          'reason',
          'promoCode',
          'redemption',
          'at',
          'latitude',
          'longitude',
          'accuracy',
          'distance',
          'keyId',
          'keyVersion',
        ] as const
      ).map((key) => rows.map((row) => row[key])),
    );
  },
};
