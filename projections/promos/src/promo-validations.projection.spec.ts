import type { PromoEvidence, PromoRedeemed, PromoRefused } from '@qr/domain';
import { promoCampaignStreamId, promoRefusalsStreamId } from '@qr/domain';
import { testAdapters } from '@qr/platform/testing';
import { projectionTestbed } from '@qr/projections-runner/testing';
import { promoValidations } from './index';

const CAMPAIGN = '0190a6b2-0000-7000-8000-0000000000c1';
const KEY = '0190a6b2-0000-7000-8000-0000000000e1';
const QR = 'AbCdEf1234';

const evidence = (at: string, promo_code = 'SUMMER24'): PromoEvidence => ({
  campaign_id: CAMPAIGN,
  code_id: QR,
  org_id: 'org-1',
  promo_code,
  visitor_key: 'v1',
  nonce: 'n1',
  nonce_issued_at: at,
  latitude: 52.52,
  longitude: 13.405,
  accuracy_m: 12,
  distance_m: 30,
  at,
});
const redeemed = (at: string, redemption_id: string, master_key: PromoRedeemed['data']['master_key'] = null): PromoRedeemed => ({
  type: 'PromoRedeemed',
  data: { ...evidence(at), redemption_id, master_key },
});
const refused = (at: string, reason: PromoRefused['data']['reason']): PromoRefused => ({ type: 'PromoRefused', data: { ...evidence(at), reason } });

describe.each(testAdapters())('the promo validations read model on $name', (adapter) => {
  const t = projectionTestbed(adapter, [promoValidations]);

  it('keeps a row per validation with its evidence, sums each campaign’s results per UTC hour, and rebuilds to the same rows', async () => {
    await t.store.append({
      streamId: promoCampaignStreamId(CAMPAIGN),
      expectedVersion: 'any',
      events: [
        redeemed('2026-03-01T10:05:00.000Z', '0190a6b2-0000-7000-8000-0000000000d1'),
        refused('2026-03-01T10:20:00.000Z', 'already_used_by_you'),
        refused('2026-03-01T10:59:59.999Z', 'already_used_by_you'),
        redeemed('2026-03-01T11:00:00.000Z', '0190a6b2-0000-7000-8000-0000000000d2', { key_id: KEY, version: 2 }),
      ],
    });
    // A second batch adds to the hour the first one started.
    await t.runner.start();
    await t.runner.caughtUp();
    await t.store.append({ streamId: promoCampaignStreamId(CAMPAIGN), expectedVersion: 'any', events: [refused('2026-03-01T10:30:00.000Z', 'used_up')] });
    // A code nobody issued is refused on the QR code's own stream, with no campaign.
    await t.store.append({
      streamId: promoRefusalsStreamId(QR),
      expectedVersion: 'any',
      events: [{ type: 'PromoRefused', data: { ...evidence('2026-03-01T10:40:00.000Z', 'GUESS'), campaign_id: null, reason: 'unknown' } }],
    });
    await t.runner.caughtUp();
    const rows = async () => ({
      validations: (
        await t.db.query(
          `SELECT campaign_id, outcome, reason, promo_code, redemption_id, at, latitude, longitude, accuracy_m, distance_m, master_key_id, master_key_version
             FROM promo_validations ORDER BY position`,
        )
      ).rows,
      hourly: (await t.db.query('SELECT campaign_id, hour, result, count::int AS count FROM promo_validations_hourly ORDER BY hour, result')).rows,
    });
    const seen = await rows();
    expect(seen.validations.map((row) => [row.campaign_id, row.outcome, row.reason, row.promo_code])).toEqual([
      [CAMPAIGN, 'redeemed', null, 'SUMMER24'],
      [CAMPAIGN, 'refused', 'already_used_by_you', 'SUMMER24'],
      [CAMPAIGN, 'refused', 'already_used_by_you', 'SUMMER24'],
      [CAMPAIGN, 'redeemed', null, 'SUMMER24'],
      [CAMPAIGN, 'refused', 'used_up', 'SUMMER24'],
      [null, 'refused', 'unknown', 'GUESS'],
    ]);
    expect(seen.validations[3]).toEqual({
      campaign_id: CAMPAIGN,
      outcome: 'redeemed',
      reason: null,
      promo_code: 'SUMMER24',
      redemption_id: '0190a6b2-0000-7000-8000-0000000000d2',
      at: new Date('2026-03-01T11:00:00.000Z'),
      latitude: 52.52,
      longitude: 13.405,
      accuracy_m: 12,
      distance_m: 30,
      master_key_id: KEY,
      master_key_version: 2,
    });
    const ten = new Date('2026-03-01T10:00:00.000Z');
    expect(seen.hourly).toEqual([
      { campaign_id: CAMPAIGN, hour: ten, result: 'already_used_by_you', count: 2 },
      { campaign_id: CAMPAIGN, hour: ten, result: 'redeemed', count: 1 },
      { campaign_id: CAMPAIGN, hour: ten, result: 'used_up', count: 1 },
      { campaign_id: CAMPAIGN, hour: new Date('2026-03-01T11:00:00.000Z'), result: 'redeemed', count: 1 },
    ]);
    await t.runner.rebuild('promo-validations');
    expect(await rows()).toEqual(seen);
  });
});
