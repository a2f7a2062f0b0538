import type { PassBarcodeFormat, PassKind, PassLocation } from '@qr/contracts';

export interface PassFieldValue {
  key: string;
  label: string;
  value: string;
}

/**
 * One pass as both wallets show it, made fresh from its design and its source's read models: the
 * Apple signer and the Google Wallet client each turn it into their own format. Values are filled
 * in; images are PNG bytes (the icon falls back to a square in the background colour).
 */
export interface PassContent {
  pass_id: string;
  org_id: string;
  design_id: string;
  kind: PassKind;
  organization_name: string;
  /** The programme's, campaign's or event's name: Google's class title, Apple's logo text when the design has none. */
  title: string;
  description: string;
  logo_text: string;
  /** `#rrggbb`. */
  background_color: string;
  foreground_color: string;
  label_color: string;
  images: { logo: Buffer | null; strip: Buffer | null; icon: Buffer };
  header_fields: PassFieldValue[];
  primary_fields: PassFieldValue[];
  secondary_fields: PassFieldValue[];
  auxiliary_fields: PassFieldValue[];
  back_fields: PassFieldValue[];
  barcode: { format: PassBarcodeFormat; message: string; alt_text: string | null };
  locations: PassLocation[];
  relevant_date: string | null;
  expiration_date: string | null;
  /** Voided by staff, or its design or source is gone, or its promo code was redeemed. */
  voided: boolean;
  /** The card holder's or ticket holder's name, when there is one. */
  holder_name: string | null;
  /** A loyalty card's balance, as Google's loyaltyPoints shows it. */
  loyalty: { balance: number; unit: 'Stamps' | 'Points' } | null;
  /** An event ticket's time and place, as Google's event ticket class shows it. */
  event: { starts_at: string; ends_at: string; latitude: number; longitude: number } | null;
  /** The PassKit web service (PASS_BASE_URL) and this pass's `ApplePass` token. */
  web_service_url: string;
  authentication_token: string;
  /** When it last changed: Apple's Last-Modified. */
  updated_at: Date;
  /** The global position of its last change: Apple's "serials changed since" tag. */
  update_tag: number;
}
