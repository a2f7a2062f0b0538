export { promoCampaigns, promoMasterKeys } from './promo-campaigns.projection';
export { promoCodesOf } from './promo-codes';
export { promoValidations, REDEEMED } from './promo-validations.projection';
