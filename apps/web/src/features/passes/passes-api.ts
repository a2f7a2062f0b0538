import {
  IssuersView,
  PassDesignView,
  PassesPage,
  PassPushView,
  PassView,
  ProgrammeView,
  PromoCampaignView,
  WalletUrlView,
  type AppleIssuerBody,
  type CreatePassBody,
  type CreatePassDesignBody,
  type GoogleIssuerBody,
  type UpdatePassBody,
  type UpdatePassDesignBody,
  type WalletProvider,
} from '@qr/contracts';
import { z } from 'zod';
import { call, NoContent } from '../../api/api-call';
import { PASS_SERVICE } from './public-passes-api';

export const passKeys = {
  all: ['passes'] as const,
  designs: (orgId: string) => [...passKeys.all, 'designs', orgId] as const,
  issuers: (orgId: string) => [...passKeys.all, 'issuers', orgId] as const,
  passes: (orgId: string, designId: string, page: number) => [...passKeys.all, 'passes', orgId, designId, page] as const,
  programmes: (orgId: string) => [...passKeys.all, 'programmes', orgId] as const,
  campaigns: (orgId: string) => [...passKeys.all, 'campaigns', orgId] as const,
};

export const PASSES_PAGE_SIZE = 25;

const base = '/api/v1/passes';
const designPath = (designId: string) => `${base}/designs/${encodeURIComponent(designId)}`;
const passPath = (pass: Pick<PassView, 'passTypeIdentifier' | 'serialNumber'>) =>
  `${PASS_SERVICE}/passes/${encodeURIComponent(pass.passTypeIdentifier)}/${encodeURIComponent(pass.serialNumber)}`;
const json = (method: string, body: unknown): RequestInit => ({ method, body: JSON.stringify(body) });
const orgQuery = (orgId: string) => new URLSearchParams({ org_id: orgId });

export const designsApi = {
  list: (orgId: string) => call(z.array(PassDesignView), `${base}/designs?${orgQuery(orgId)}`),
  create: (body: CreatePassDesignBody) => call(PassDesignView, `${base}/designs`, json('POST', body)),
  update: (designId: string, body: UpdatePassDesignBody) => call(PassDesignView, designPath(designId), json('PUT', body)),
  remove: (designId: string) => call(NoContent, designPath(designId), { method: 'DELETE' }),
};

export const issuersApi = {
  get: (orgId: string) => call(IssuersView, `${base}/issuers?${orgQuery(orgId)}`),
  // Each change answers both issuers as they now stand.
  saveApple: (body: AppleIssuerBody) => call(IssuersView, `${base}/issuers/apple`, json('PUT', body)),
  saveGoogle: (body: GoogleIssuerBody) => call(IssuersView, `${base}/issuers/google`, json('PUT', body)),
  disconnect: (orgId: string, provider: WalletProvider) => call(IssuersView, `${base}/issuers/${provider}?${orgQuery(orgId)}`, { method: 'DELETE' }),
};

/** The pass service, signed in as staff: every pass of a design, voiding, pushing, and issuing one by hand. */
export const passesApi = {
  list: (orgId: string, designId: string, page: number) =>
    call(
      PassesPage,
      `${PASS_SERVICE}/passes?${new URLSearchParams({ org_id: orgId, design_id: designId, page: String(page), per_page: String(PASSES_PAGE_SIZE) })}`,
    ),
  create: (body: CreatePassBody) => call(PassView, `${PASS_SERVICE}/passes`, json('POST', body)),
  update: (pass: PassView, body: UpdatePassBody) => call(PassView, passPath(pass), json('PUT', body)),
  push: (pass: PassView) => call(PassPushView, `${passPath(pass)}/push`, { method: 'POST' }),
  walletUrl: (passId: string) => call(WalletUrlView, '/api/v1/integrations/wallet-url', json('POST', { pass_id: passId })),
};

/**
 * What a design may be for, asked of the organisation as a whole: the loyalty and promos features'
 * own clients ask by code, and a design's picker lists every programme or campaign at once.
 */
export const sourcesApi = {
  programmes: (orgId: string) => call(z.array(ProgrammeView), `/api/v1/loyalty/programmes?${orgQuery(orgId)}`),
  campaigns: (orgId: string) => call(z.array(PromoCampaignView), `/api/v1/promos?${orgQuery(orgId)}`),
};
