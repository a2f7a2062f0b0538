import { PromoTerms, type PromoRefusalReason } from '@qr/contracts';
import type { CodeActor } from '../codes';
import { deciderSpec } from '../testing/decider-spec';
import { promoCampaignDecider } from './promo-campaign.decider';
import type { CreatePromoCampaign, RedeemPromoCode } from './promos.commands';
import type { PromoCampaignCodes, PromoCampaignEvent, PromoEvidence } from './promos.events';

/** The campaign, visitors and expected events the promo campaign decider's specs share. */
export const given = deciderSpec(promoCampaignDecider);
export const editor: CodeActor = { id: 'ed@example.com', role: 'editor' };
export const viewer: CodeActor = { id: 'vi@example.com', role: 'viewer' };
const CAMPAIGN = '0b8f6c2e-4a1d-4c3e-9f7a-2d5e6f708192';
export const KEY = '7c1d2e3f-4a5b-4c6d-8e9f-a0b1c2d3e4f5';
export const OTHER_KEY = '9e8d7c6b-5a49-4837-a625-140f0e0d0c0b';
export const terms = PromoTerms.parse({ name: 'Winter', offer: { kind: 'text', text: 'A free mulled wine' }, per_visitor_limit: null });
export const shared: PromoCampaignCodes = { kind: 'shared', promo_code: 'WINTER26' };
export const unique: Extract<PromoCampaignCodes, { kind: 'unique' }> = {
  kind: 'unique',
  pattern: { prefix: 'XMAS-', postfix: '', charset: 'alphanumeric', mask: '####-####' },
  count: 1000,
  seed: 'seed-1',
};
export const brandenburgGate = { latitude: 52.516275, longitude: 13.377704, radius_m: 100 };

export const create = (codes: PromoCampaignCodes = shared, actor = editor): CreatePromoCampaign => ({
  type: 'CreatePromoCampaign',
  actor,
  campaign_id: CAMPAIGN,
  org_id: 'org-1',
  code_id: 'AbCdEf1234',
  codes,
  terms,
  master_key_id: null,
});
export const created = (changes: Partial<PromoTerms> = {}, codes: PromoCampaignCodes = shared, master_key_id: string | null = null): PromoCampaignEvent => ({
  type: 'PromoCampaignCreated',
  data: { campaign_id: CAMPAIGN, org_id: 'org-1', code_id: 'AbCdEf1234', codes, terms: { ...terms, ...changes }, master_key_id, created_by: editor.id },
});
export const deleted: PromoCampaignEvent = { type: 'PromoCampaignDeleted', data: { deleted_by: editor.id } };
export const keySet = (master_key_id: string | null): PromoCampaignEvent => ({ type: 'PromoCampaignKeySet', data: { master_key_id, set_by: editor.id } });

// Wednesday 2 December 2026, 12:00 UTC (13:00 in Berlin).
export const NOW = '2026-12-02T12:00:00.000Z';
export const minutesBefore = (at: string, minutes: number) => new Date(Date.parse(at) - minutes * 60_000).toISOString();
let drawn = 0;
/** A visitor's validation with a fresh nonce issued a minute before it. */
export const attempt = (changes: Partial<RedeemPromoCode> = {}): RedeemPromoCode => {
  drawn++;
  const at = changes.at ?? NOW;
  return {
    type: 'RedeemPromoCode',
    promo_code: 'WINTER26',
    visitor_key: 'visitor-a',
    nonce: `nonce-${drawn}`,
    nonce_issued_at: minutesBefore(at, 1),
    at,
    position: null,
    master_key: null,
    redemption_id: `redemption-${drawn}`,
    ...changes,
  };
};
const evidence = (command: RedeemPromoCode, measured: Partial<PromoEvidence>): PromoEvidence => ({
  campaign_id: CAMPAIGN,
  code_id: 'AbCdEf1234',
  org_id: 'org-1',
  promo_code: command.promo_code,
  visitor_key: command.visitor_key,
  nonce: command.nonce,
  nonce_issued_at: command.nonce_issued_at,
  latitude: null,
  longitude: null,
  accuracy_m: null,
  distance_m: null,
  at: command.at,
  ...measured,
});
export const redeemed = (command: RedeemPromoCode, measured: Partial<PromoEvidence> = {}): PromoCampaignEvent => ({
  type: 'PromoRedeemed',
  data: { ...evidence(command, measured), redemption_id: command.redemption_id, master_key: command.master_key },
});
export const refused = (command: RedeemPromoCode, reason: PromoRefusalReason, measured: Partial<PromoEvidence> = {}): PromoCampaignEvent => ({
  type: 'PromoRefused',
  data: { ...evidence(command, measured), reason },
});
export const redeems = (history: PromoCampaignEvent[], command: RedeemPromoCode) =>
  given(history)
    .when(command)
    .then([redeemed(command)]);
export const refuses = (history: PromoCampaignEvent[], command: RedeemPromoCode, reason: PromoRefusalReason) =>
  given(history)
    .when(command)
    .then([refused(command, reason)]);
