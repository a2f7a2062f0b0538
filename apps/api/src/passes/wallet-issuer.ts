import type { AppleIssuerBody, GoogleIssuerBody, IssuerProblem } from '@qr/contracts';

/** An organisation's Apple issuer, as opened from wallet_issuers: what passkit-generator and APNs need. */
export type AppleIssuer = Omit<AppleIssuerBody, 'org_id'>;

/** An organisation's Google Wallet issuer: the issuer id and the service account it acts as. */
export interface GoogleIssuer {
  issuer_id: string;
  service_account: { client_email: string; private_key: string };
}

/** What an issuer's health check found: errors refuse the issuer, warnings are shown with it. */
export interface IssuerCheck {
  summary: string;
  expires_at: string | null;
  problems: IssuerProblem[];
}

export type GoogleIssuerInput = Omit<GoogleIssuerBody, 'org_id'>;
