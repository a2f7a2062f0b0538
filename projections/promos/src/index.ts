export { promoCampaigns, promoMasterKeys } from './promo-campaigns.projection';
export { promoCodesOf } from './promo-codes';
