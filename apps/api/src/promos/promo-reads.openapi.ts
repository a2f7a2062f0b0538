import {
  PromoAnalyticsQuery,
  PromoAnalyticsView,
  PromoCampaignPath,
  PromoCodesPage,
  PromoCodesPageQuery,
  PromoRedemptionsPage,
  PromoRedemptionsQuery,
  PromoUsageView,
} from '@qr/contracts';
import { json, type ApiPaths } from '../http/openapi';

/** A promo campaign's usage, analytics, redemptions, codes and export in the OpenAPI document, from the contracts the routes validate with. */
export function registerPromoReadsPaths({ signedIn }: ApiPaths): void {
  const route = signedIn('promos', '/api/v1/promos');
  route(
    'get',
    '/{campaign_id}/codes',
    'The campaign’s codes in issue order, redeemed or not (a shared campaign has one); per_page up to 1000',
    { 200: json('Listed', PromoCodesPage) },
    { params: PromoCampaignPath, query: PromoCodesPageQuery },
  );
  route(
    'get',
    '/{campaign_id}/usage',
    'Validations, redemptions, refusals by every reason, and how many redemptions are left (null: no limit)',
    { 200: json('Found', PromoUsageView) },
    { params: PromoCampaignPath },
  );
  route(
    'get',
    '/{campaign_id}/redemptions',
    'The campaign’s redemptions, newest first, with the position, accuracy and distance reported and the master key that unlocked each',
    { 200: json('Listed', PromoRedemptionsPage) },
    { params: PromoCampaignPath, query: PromoRedemptionsQuery },
  );
  route(
    'get',
    '/{campaign_id}/analytics',
    'Validations, redemptions and refusals over a period, in buckets of the organisation’s time zone',
    { 200: json('Found', PromoAnalyticsView) },
    { params: PromoCampaignPath, query: PromoAnalyticsQuery },
  );
  route(
    'get',
    '/{campaign_id}/export',
    'Every validation of the campaign as CSV (owner, admin), the body base64 and streamed, saved as `<campaign name>_<YYYY-MM-DD>.csv`; `x-row-count` says how many rows',
    {
      200: { description: 'The CSV, base64', content: { 'text/plain': { schema: { type: 'string', contentEncoding: 'base64' } } } },
    },
    { params: PromoCampaignPath },
  );
}
