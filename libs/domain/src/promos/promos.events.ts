import type { PromoPattern, PromoRefusalReason, PromoTerms } from '@qr/contracts';

/**
 * Everything that happens to a promo campaign (stream `promo-campaign-<campaign_id>`, the one stream that
 * owns its limits), to a code's validations that matched no campaign (`promo-refusals-<code_id>`)
 * and to a master promo key (`promo-key-<key_id>`). A key's secret never enters an event: it lives
 * encrypted in its own table, one row per version (DESIGN.md §3).
 */

interface Event<Type extends string, Data> {
  type: Type;
  data: Data;
}

/**
 * A unique campaign's codes are derived from `seed` (as one-time codes are), so the event stays
 * small for 100,000 codes and every replay materialises the same codes.
 */
export type PromoCampaignCodes = { kind: 'shared'; promo_code: string } | { kind: 'unique'; pattern: PromoPattern; count: number; seed: string };

export type PromoCampaignCreated = Event<
  'PromoCampaignCreated',
  { campaign_id: string; org_id: string; code_id: string; codes: PromoCampaignCodes; terms: PromoTerms; master_key_id: string | null; created_by: string }
>;
/** Carries all the terms after the change, so a read model overwrites rather than merges. */
export type PromoCampaignUpdated = Event<'PromoCampaignUpdated', { terms: PromoTerms; updated_by: string }>;
export type PromoCampaignKeySet = Event<'PromoCampaignKeySet', { master_key_id: string | null; set_by: string }>;
export type PromoCampaignDeleted = Event<'PromoCampaignDeleted', { deleted_by: string }>;

/**
 * What a validation brought as evidence, recorded with its outcome. GPS is evidence, not proof:
 * the position is what the phone reported, rounded to 4 decimals (about 11 m, finer than a phone's
 * usual fix) so that the log does not keep where a person stood to the metre; the distance was
 * measured from the unrounded position.
 */
export interface PromoEvidence {
  campaign_id: string | null;
  code_id: string;
  org_id: string;
  promo_code: string;
  /** A hash of the browser's visitor id (or of its address and user agent), never the raw values. */
  visitor_key: string;
  nonce: string;
  nonce_issued_at: string;
  latitude: number | null;
  longitude: number | null;
  accuracy_m: number | null;
  /** From the campaign's place, when it has one and a position was reported. */
  distance_m: number | null;
  at: string;
}

export type PromoRedeemed = Event<'PromoRedeemed', PromoEvidence & { redemption_id: string; master_key: { key_id: string; version: number } | null }>;
export type PromoRefused = Event<'PromoRefused', PromoEvidence & { reason: PromoRefusalReason }>;

export type PromoCampaignEvent = PromoCampaignCreated | PromoCampaignUpdated | PromoCampaignKeySet | PromoCampaignDeleted | PromoRedeemed | PromoRefused;

export type PromoMasterKeyCreated = Event<'PromoMasterKeyCreated', { key_id: string; org_id: string; name: string; created_by: string }>;
export type PromoMasterKeyRenamed = Event<'PromoMasterKeyRenamed', { name: string; renamed_by: string }>;
/** The secret of `version` replaced the one before; the event says only that it happened. */
export type PromoMasterKeyRotated = Event<'PromoMasterKeyRotated', { version: number; rotated_by: string }>;
export type PromoMasterKeyDeleted = Event<'PromoMasterKeyDeleted', { deleted_by: string }>;
export type PromoMasterKeyEvent = PromoMasterKeyCreated | PromoMasterKeyRenamed | PromoMasterKeyRotated | PromoMasterKeyDeleted;

export const promoCampaignStreamId = (campaignId: string): string => `promo-campaign-${campaignId}`;
export const promoRefusalsStreamId = (codeId: string): string => `promo-refusals-${codeId}`;
export const promoMasterKeyStreamId = (keyId: string): string => `promo-key-${keyId}`;
