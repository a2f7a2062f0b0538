import type { PassKind, WalletProvider } from '@qr/contracts';

/** How the admin screens name a design's kind, and the source it issues passes for. */
export const KIND_LABELS: Record<PassKind, string> = { loyalty_card: 'Loyalty card', promo_code: 'Promo code', event_ticket: 'Event ticket' };
export const SOURCE_LABELS: Record<PassKind, string> = { loyalty_card: 'Loyalty programme', promo_code: 'Promo campaign', event_ticket: 'Event page' };
export const WALLET_NAMES: Record<WalletProvider, string> = { apple: 'Apple Wallet', google: 'Google Wallet' };

/** A day as the lists show it, such as "30 Nov 2027", in the browser's own time. */
export const dayOf = (instant: string) => new Date(instant).toLocaleDateString('en-GB', { day: 'numeric', month: 'short', year: 'numeric' });
