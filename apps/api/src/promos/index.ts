// What the rest of the promos context's helpers and other contexts use: the check of a typed
// master key against its current secret, for the visitor's validation; and the campaigns' read
// model, for a wallet pass's coupon.
export { PromoMasterKeySecrets } from './promo-master-key-secrets';
export { PromoCampaigns, type PromoCampaignRow } from './promo-campaign-views';
