import {
  PromoAnalyticsView,
  PromoCampaignView,
  PromoCodesPage,
  PromoMasterKeyView,
  PromoRedemptionsPage,
  PromoUsageView,
  type AnalyticsPeriod,
  type CreatePromoCampaignBody,
  type CreatePromoMasterKeyBody,
  type RotatePromoMasterKeyBody,
  type SetPromoMasterKeyBody,
  type UpdatePromoCampaignBody,
  type UpdatePromoMasterKeyBody,
} from '@qr/contracts';
import { z } from 'zod';
import { call, NoContent } from '../../api/api-call';
import { streamCsvExport } from '../customers';

export const promoKeys = {
  all: ['promos'] as const,
  campaignsOf: (codeId: string) => [...promoKeys.all, 'code', codeId] as const,
  campaign: (campaignId: string) => [...promoKeys.all, 'campaign', campaignId] as const,
  usage: (campaignId: string) => [...promoKeys.campaign(campaignId), 'usage'] as const,
  analytics: (campaignId: string, period: AnalyticsPeriod) => [...promoKeys.campaign(campaignId), 'analytics', period] as const,
  redemptions: (campaignId: string, page: number) => [...promoKeys.campaign(campaignId), 'redemptions', page] as const,
  codes: (campaignId: string, page: number) => [...promoKeys.campaign(campaignId), 'codes', page] as const,
  masterKeys: (orgId: string) => [...promoKeys.all, 'master-keys', orgId] as const,
};

export const PROMO_REDEMPTIONS_PAGE_SIZE = 25;
export const PROMO_CODES_PAGE_SIZE = 50;

const campaigns = '/api/v1/promos';
const campaignPath = (campaignId: string) => `${campaigns}/${encodeURIComponent(campaignId)}`;
const pageQuery = (page: number, perPage: number) => new URLSearchParams({ page: String(page), per_page: String(perPage) });
const keys = '/api/v1/promo-keys';
const keyPath = (keyId: string) => `${keys}/${encodeURIComponent(keyId)}`;
const json = (method: string, body: unknown): RequestInit => ({ method, body: JSON.stringify(body) });

export const promosApi = {
  list: (orgId: string, codeId: string) => call(z.array(PromoCampaignView), `${campaigns}?${new URLSearchParams({ org_id: orgId, code_id: codeId })}`),
  create: (body: CreatePromoCampaignBody) => call(PromoCampaignView, campaigns, json('POST', body)),
  update: (campaignId: string, body: UpdatePromoCampaignBody) => call(PromoCampaignView, campaignPath(campaignId), json('PUT', body)),
  setMasterKey: (campaignId: string, body: SetPromoMasterKeyBody) => call(PromoCampaignView, `${campaignPath(campaignId)}/master-key`, json('PUT', body)),
  remove: (campaignId: string) => call(NoContent, campaignPath(campaignId), { method: 'DELETE' }),
  usage: (campaignId: string) => call(PromoUsageView, `${campaignPath(campaignId)}/usage`),
  analytics: (campaignId: string, period: AnalyticsPeriod) =>
    call(PromoAnalyticsView, `${campaignPath(campaignId)}/analytics?${new URLSearchParams({ period })}`),
  redemptions: (campaignId: string, page: number) =>
    call(PromoRedemptionsPage, `${campaignPath(campaignId)}/redemptions?${pageQuery(page, PROMO_REDEMPTIONS_PAGE_SIZE)}`),
  codes: (campaignId: string, page: number) => call(PromoCodesPage, `${campaignPath(campaignId)}/codes?${pageQuery(page, PROMO_CODES_PAGE_SIZE)}`),
  /** The campaign's validations as a CSV, streamed in base64 with its row count first, as the customers export. */
  exportCsv: (campaignId: string, onProgress: (done: number) => void) => streamCsvExport(`${campaignPath(campaignId)}/export`, {}, onProgress),
};

export const masterKeysApi = {
  list: (orgId: string) => call(z.array(PromoMasterKeyView), `${keys}?${new URLSearchParams({ org_id: orgId })}`),
  create: (body: CreatePromoMasterKeyBody) => call(PromoMasterKeyView, keys, json('POST', body)),
  rename: (keyId: string, body: UpdatePromoMasterKeyBody) => call(PromoMasterKeyView, keyPath(keyId), json('PUT', body)),
  rotate: (keyId: string, body: RotatePromoMasterKeyBody) => call(PromoMasterKeyView, `${keyPath(keyId)}/rotate`, json('POST', body)),
  remove: (keyId: string) => call(NoContent, keyPath(keyId), { method: 'DELETE' }),
};
