// What other features use of promos: the promo code entry a landing page's promo block draws, and the
// form helpers the loyalty programme and pass design forms share (one contract check, one way of placing field
// errors, one way of reading a date and time input).
export { PromoEntry } from './promo-entry';
export { browserTimeZone, checked, instantOf, localOf, serverErrors, type FormErrors } from './promo-campaign-form-draft';
export { useTimeZones } from './promo-campaign-form';
export type { Setter } from './promo-campaign-form-codes';
export { SaveRefusal, useContractDraft } from './contract-form';
// A game's promo prize picks one of its code's campaigns.
export { promoKeys, promosApi } from './promos-api';
