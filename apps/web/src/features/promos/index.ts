// What other features use of promos: the promo code entry a landing page's promo block draws.
export { PromoEntry } from './promo-entry';
