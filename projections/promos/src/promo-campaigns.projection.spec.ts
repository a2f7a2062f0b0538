import { PromoPattern, promoPatternSpace } from '@qr/contracts';
import { promoCampaignStreamId } from '@qr/domain';
import { testAdapters } from '@qr/platform/testing';
import { projectionTestbed } from '@qr/projections-runner/testing';
import { promoCampaigns, promoCodesOf } from './index';

const CAMPAIGN = '0190a6b2-0000-7000-8000-0000000000c1';
const T0 = new Date('2026-03-01T09:00:00Z');
const pattern = PromoPattern.parse({ prefix: 'SUMMER-', charset: 'alphanumeric', mask: '####-####' });
const terms = {
  name: 'Summer',
  offer: { kind: 'text', text: 'A free coffee' },
  starts_at: null,
  ends_at: null,
  days: [1, 2, 3, 4, 5, 6, 7],
  hours: null,
  time_zone: 'UTC',
  total_limit: null,
  per_visitor_limit: 1,
  place: null,
  allow_without_location: false,
};

describe('unique promo codes', () => {
  it('are the same for the same seed, distinct, of the pattern’s shape, and differ between seeds', () => {
    const codes = promoCodesOf(pattern, 5000, 'c2VlZC1vbmU');
    expect(promoCodesOf(pattern, 5000, 'c2VlZC1vbmU')).toEqual(codes);
    expect(new Set(codes).size).toBe(5000);
    expect(codes.every((code) => /^SUMMER-[2-9A-HJKMNP-Z]{4}-[2-9A-HJKMNP-Z]{4}$/.test(code))).toBe(true);
    expect(promoCodesOf(pattern, 1, 'c2VlZC10d28')[0]).not.toBe(codes[0]);
    expect(promoPatternSpace(pattern)).toBe(31n ** 8n);
  });

  it('draws every character of the charset about equally often', () => {
    const counts = new Map<string, number>();
    for (const code of promoCodesOf({ prefix: '', postfix: '', charset: 'digits', mask: '########' }, 2000, 'c2VlZA'))
      for (const c of code) counts.set(c, (counts.get(c) ?? 0) + 1);
    expect(counts.size).toBe(10);
    for (const count of counts.values()) expect(Math.abs(count - 1600)).toBeLessThan(200);
  });
});

describe.each(testAdapters())('the promo campaigns read model on $name', (adapter) => {
  const t = projectionTestbed(adapter, [promoCampaigns]);

  it('materialises a unique campaign’s codes from its one event, counts a redemption and marks its code, and replays to the same rows', async () => {
    const seed = 'c2VlZC1vbmU';
    const codes = promoCodesOf(pattern, 3, seed);
    await t.store.append({
      streamId: promoCampaignStreamId(CAMPAIGN),
      expectedVersion: 'no_stream',
      events: [
        {
          type: 'PromoCampaignCreated',
          data: {
            campaign_id: CAMPAIGN,
            org_id: 'org-1',
            code_id: 'AbCdEf1234',
            codes: { kind: 'unique', pattern, count: 3, seed },
            terms,
            master_key_id: null,
            created_by: 'ed@example.com',
          },
          occurredAt: T0,
        },
        {
          type: 'PromoRedeemed',
          data: {
            campaign_id: CAMPAIGN,
            code_id: 'AbCdEf1234',
            org_id: 'org-1',
            promo_code: codes[1],
            visitor_key: 'v1',
            nonce: 'n1',
            nonce_issued_at: T0.toISOString(),
            latitude: null,
            longitude: null,
            accuracy_m: null,
            distance_m: null,
            at: '2026-03-01T10:00:00.000Z',
            redemption_id: '0190a6b2-0000-7000-8000-0000000000d1',
            master_key: null,
          },
          occurredAt: T0,
        },
      ],
    });
    const rows = async () => ({
      campaigns: (await t.db.query('SELECT campaign_id, kind, count, redeemed, status FROM promo_campaigns')).rows,
      codes: (await t.db.query('SELECT promo_code, ordinal, redeemed_at IS NOT NULL AS redeemed FROM promo_codes ORDER BY ordinal')).rows,
    });
    await t.runner.start();
    await t.runner.caughtUp();
    const expected = {
      campaigns: [{ campaign_id: CAMPAIGN, kind: 'unique', count: 3, redeemed: 1, status: 'live' }],
      codes: codes.map((promo_code, i) => ({ promo_code, ordinal: i + 1, redeemed: i === 1 })),
    };
    expect(await rows()).toEqual(expected);
    await t.runner.rebuild('promo-campaigns');
    expect(await rows()).toEqual(expected);
  });
});
