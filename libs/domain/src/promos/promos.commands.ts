import type { PromoTerms } from '@qr/contracts';
import type { CodeActor } from '../codes';
import type { PromoCampaignCodes } from './promos.events';

/** `campaign_id` and a unique campaign's `seed` are drawn by the handler; it has checked that the code and the key are the organisation's. */
export interface CreatePromoCampaign {
  type: 'CreatePromoCampaign';
  actor: CodeActor;
  campaign_id: string;
  org_id: string;
  code_id: string;
  codes: PromoCampaignCodes;
  terms: PromoTerms;
  master_key_id: string | null;
}

export interface UpdatePromoCampaign {
  type: 'UpdatePromoCampaign';
  actor: CodeActor;
  terms: PromoTerms;
}

export interface SetPromoCampaignKey {
  type: 'SetPromoCampaignKey';
  actor: CodeActor;
  master_key_id: string | null;
}

export interface DeletePromoCampaign {
  type: 'DeletePromoCampaign';
  actor: CodeActor;
}

export interface ReportedPosition {
  latitude: number;
  longitude: number;
  accuracy_m: number | null;
}

/**
 * A visitor's validation, which redeems when every rule passes. The handler has found the campaign
 * whose codes hold `promo_code`, checked the nonce's signature (so `nonce_issued_at` is the
 * server's own), drawn `redemption_id`, and compared a typed master key with the current secret of
 * the campaign's key: `master_key` is the key and version that matched, or null.
 */
export interface RedeemPromoCode {
  type: 'RedeemPromoCode';
  promo_code: string;
  visitor_key: string;
  nonce: string;
  nonce_issued_at: string;
  at: string;
  position: ReportedPosition | null;
  master_key: { key_id: string; version: number } | null;
  redemption_id: string;
}

export type PromoCampaignCommand = CreatePromoCampaign | UpdatePromoCampaign | SetPromoCampaignKey | DeletePromoCampaign | RedeemPromoCode;

/** `key_id` is drawn by the handler, which keeps the secret of version 1 before it appends. */
export interface CreatePromoMasterKey {
  type: 'CreatePromoMasterKey';
  actor: CodeActor;
  key_id: string;
  org_id: string;
  name: string;
}

export interface RenamePromoMasterKey {
  type: 'RenamePromoMasterKey';
  actor: CodeActor;
  name: string;
}

/** The handler keeps the secret of the next version (the stream's current one plus one) before it appends. */
export interface RotatePromoMasterKey {
  type: 'RotatePromoMasterKey';
  actor: CodeActor;
}

export interface DeletePromoMasterKey {
  type: 'DeletePromoMasterKey';
  actor: CodeActor;
}

export type PromoMasterKeyCommand = CreatePromoMasterKey | RenamePromoMasterKey | RotatePromoMasterKey | DeletePromoMasterKey;
