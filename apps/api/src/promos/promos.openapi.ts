import {
  CreatePromoCampaignBody,
  CreatePromoMasterKeyBody,
  OrgQuery,
  PromoCampaignPath,
  PromoCampaignsQuery,
  PromoCampaignView,
  PromoMasterKeyPath,
  PromoMasterKeyView,
  PromoNonceBody,
  PromoNonceView,
  PromoValidation,
  PublicPromoPath,
  PublicPromoView,
  RotatePromoMasterKeyBody,
  SetPromoMasterKeyBody,
  UpdatePromoCampaignBody,
  UpdatePromoMasterKeyBody,
  ValidatePromoBody,
} from '@qr/contracts';
import { z } from 'zod';
import { body, json, type ApiPaths, type Route } from '../http/openapi';

/**
 * The promos context's paths, from the contracts its routes validate with. Each part registers
 * its own routes on the three prefixes below; the visitor's validation, and a campaign's usage,
 * analytics and export, join as functions of their own beside these.
 */
export function registerPromosPaths(paths: ApiPaths): void {
  const routes: PromoRoutes = {
    campaigns: paths.signedIn('promos', '/api/v1/promos'),
    keys: paths.signedIn('promos', '/api/v1/promo-keys'),
    visitor: paths.open('promos', '/api/v1/public/promos', [400, 404, 409, 500]),
    problem: paths.problem,
  };
  registerCampaignPaths(routes);
  registerMasterKeyPaths(routes);
  registerPublicPromoPaths(routes);
  registerValidationPaths(routes);
}

interface PromoRoutes {
  campaigns: Route;
  keys: Route;
  visitor: Route;
  problem: ApiPaths['problem'];
}

function registerCampaignPaths({ campaigns, problem }: PromoRoutes): void {
  campaigns(
    'post',
    '',
    'Create a promo campaign on a code of the organisation: one shared promo code, or unique codes drawn from a pattern (owner, admin, editor). 409 promo_code_taken when another live campaign of the code answers to the shared code; 422 promo_pattern_too_small names the fewest `#` the mask needs',
    { 201: json('Created', PromoCampaignView), 422: problem },
    { body: body(CreatePromoCampaignBody) },
  );
  campaigns(
    'get',
    '',
    'The organisation’s live promo campaigns, of one code when `code_id` is given, newest first',
    { 200: json('Listed', z.array(PromoCampaignView)) },
    {
      query: PromoCampaignsQuery,
    },
  );
  campaigns('get', '/{campaign_id}', 'A promo campaign', { 200: json('Found', PromoCampaignView) }, { params: PromoCampaignPath });
  campaigns(
    'put',
    '/{campaign_id}',
    'Replace the campaign’s terms: name, offer, dates, days and hours, limits and place',
    { 200: json('Changed', PromoCampaignView) },
    { params: PromoCampaignPath, body: body(UpdatePromoCampaignBody) },
  );
  campaigns(
    'put',
    '/{campaign_id}/master-key',
    'Lock the campaign’s codes with a live master key of the organisation, or unlock them (null)',
    { 200: json('Changed', PromoCampaignView) },
    { params: PromoCampaignPath, body: body(SetPromoMasterKeyBody) },
  );
  campaigns(
    'delete',
    '/{campaign_id}',
    'Delete the campaign: its codes answer “unknown” from then on; its history stays',
    { 204: { description: 'Deleted' } },
    { params: PromoCampaignPath },
  );
}

function registerMasterKeyPaths({ keys }: PromoRoutes): void {
  keys(
    'get',
    '',
    'The organisation’s live master keys with their current secrets (owner, admin, editor)',
    { 200: json('Listed', z.array(PromoMasterKeyView)) },
    {
      query: OrgQuery,
    },
  );
  keys(
    'post',
    '',
    'Create a master key with the secret given, or one the server draws (owner, admin, editor)',
    { 201: json('Created', PromoMasterKeyView) },
    { body: body(CreatePromoMasterKeyBody) },
  );
  keys(
    'get',
    '/{key_id}',
    'A master key and its current secret (owner, admin, editor)',
    { 200: json('Found', PromoMasterKeyView) },
    { params: PromoMasterKeyPath },
  );
  keys(
    'put',
    '/{key_id}',
    'Rename the master key',
    { 200: json('Changed', PromoMasterKeyView) },
    { params: PromoMasterKeyPath, body: body(UpdatePromoMasterKeyBody) },
  );
  keys(
    'post',
    '/{key_id}/rotate',
    'Replace the secret (the one given, or one drawn): the old one unlocks nothing from now on; printed codes stay valid',
    { 200: json('Rotated', PromoMasterKeyView) },
    { params: PromoMasterKeyPath, body: body(RotatePromoMasterKeyBody) },
  );
  keys(
    'delete',
    '/{key_id}',
    'Delete the master key; 409 promo_master_key_in_use while live campaigns are locked by it',
    { 204: { description: 'Deleted' } },
    { params: PromoMasterKeyPath },
  );
}

function registerPublicPromoPaths({ visitor }: PromoRoutes): void {
  visitor(
    'get',
    '/{qr_id}',
    'What the visitor’s promo page of a QR code shows: its live campaigns in words; 404 code_not_found for an unknown or paused code',
    { 200: json('Found', PublicPromoView) },
    { params: PublicPromoPath },
  );
}

function registerValidationPaths({ visitor }: PromoRoutes): void {
  visitor(
    'post',
    '/nonce',
    'A nonce for the promo page of a QR code, signed by the server and good for 15 minutes: each validation spends one',
    { 200: json('Issued', PromoNonceView) },
    { body: body(PromoNonceBody) },
  );
  visitor(
    'post',
    '/validate',
    'Check a typed promo code against the QR code’s live campaigns and redeem it when every rule passes: 200 with `valid` and, when not, the reason in words. ' +
      '400 promo_nonce_invalid (naming body.nonce) for a missing, forged, other code’s, expired or replayed nonce; ' +
      '429 rate_limited with Retry-After after too many tries or failed guesses from one visitor or address',
    { 200: json('Answered', PromoValidation) },
    { body: body(ValidatePromoBody) },
  );
}
