import { PromoTerms, type PromoCampaignView, type PromoMasterKeyView } from '@qr/contracts';
import { ACME_ORG_ID } from '../../testing/fake-api';

/** The admin promo specs' campaigns and keys, as the API answers them. */
export const CAMPAIGN_ID = '0190a6b2-0000-7000-8000-0000000000c1';
export const KEY_ID = '0190a6b2-0000-7000-8000-0000000000a1';
export const CODE_ID = 'AbCdEf1234';

export const campaignView = (extra: Partial<PromoCampaignView> = {}): PromoCampaignView => ({
  campaign_id: CAMPAIGN_ID,
  org_id: ACME_ORG_ID,
  code_id: CODE_ID,
  codes: { kind: 'shared', promo_code: 'SUMMER24' },
  terms: PromoTerms.parse({ name: 'Summer coffee', offer: { kind: 'text', text: 'A free coffee' }, total_limit: 100 }),
  master_key_id: null,
  redeemed: 12,
  created_at: '2026-11-24T10:00:00.000Z',
  updated_at: '2026-11-24T10:00:00.000Z',
  ...extra,
});

export const keyView = (extra: Partial<PromoMasterKeyView> = {}): PromoMasterKeyView => ({
  key_id: KEY_ID,
  org_id: ACME_ORG_ID,
  name: 'Front counter',
  version: 1,
  secret: 'open-sesame-42',
  campaign_count: 0,
  created_at: '2026-11-24T10:00:00.000Z',
  rotated_at: null,
  ...extra,
});
