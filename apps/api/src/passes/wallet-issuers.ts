import { Inject, Injectable } from '@nestjs/common';
import { AppleIssuerBody, type IssuerProblem, type IssuerView, type WalletProvider } from '@qr/contracts';
import { lazyServerSecret, openWith, sealWith, type SqlClient } from '@qr/platform';
import { z } from 'zod';
import { SQL_CLIENT } from '../infrastructure';
import { ShortLivedCache } from '../short-lived-cache';
import { certificateEndProblem } from './apple/apple-issuer-health';
import type { AppleIssuer, GoogleIssuer, IssuerCheck } from './wallet-issuer';

const SECRET_NAME = 'wallet_issuers';
/** The problems a certificate's end gives, asked again on every read rather than kept from the day it was connected. */
const END_CODES: readonly IssuerProblem['code'][] = ['certificate_expiring', 'certificate_expired'];
const endOf = (expiresAt: Date | null, now: Date): IssuerProblem[] => {
  const problem = expiresAt && certificateEndProblem(expiresAt, now);
  return problem ? [problem] : [];
};
/** A signing burst (a campaign's thousand passes) opens the issuer once; another process sees a change this late. */
const ISSUER_TTL_MS = 5_000;

const SEALED = {
  apple: AppleIssuerBody.omit({ org_id: true }),
  google: z.object({ issuer_id: z.string(), service_account: z.object({ client_email: z.string(), private_key: z.string() }) }),
};
interface IssuerOf {
  apple: AppleIssuer;
  google: GoogleIssuer;
}

/** What the screens say while a wallet is not connected: the rest of the product works meanwhile. */
const HINTS: Record<WalletProvider, string> = {
  apple:
    'Apple Wallet passes need your pass type certificate and its private key (PEM, from the Apple Developer account), its team id and Apple’s WWDR certificate (G4).',
  google: 'Google Wallet passes need your Google Wallet issuer id and the key (JSON) of a service account the Google Pay & Wallet Console lets act for it.',
};

/**
 * An organisation's wallet issuers (docs/decisions/032): sealed with AES-256-GCM under a server
 * secret in wallet_issuers, never in an event, a log or a view. What the health check found is kept
 * beside them in the clear (no secret in it), and its warnings are checked again on every read as
 * the certificate's end comes nearer. A row that no longer opens counts as not connected.
 */
@Injectable()
export class WalletIssuers {
  private readonly key: () => Promise<Buffer>;
  private readonly opened = new ShortLivedCache<unknown>(ISSUER_TTL_MS);

  constructor(@Inject(SQL_CLIENT) private readonly db: SqlClient) {
    this.key = lazyServerSecret(db, SECRET_NAME);
  }

  apple(orgId: string): Promise<AppleIssuer | undefined> {
    return this.issuer(orgId, 'apple');
  }

  google(orgId: string): Promise<GoogleIssuer | undefined> {
    return this.issuer(orgId, 'google');
  }

  /** The organisation whose Apple issuer has this pass type: the PassKit web service's requests name only the type. */
  async orgOfPassType(passTypeIdentifier: string): Promise<string | undefined> {
    const { rows } = await this.db.query<{ org_id: string }>(`SELECT org_id FROM wallet_issuers WHERE provider = 'apple' AND pass_type_identifier = $1`, [
      passTypeIdentifier,
    ]);
    return rows[0]?.org_id;
  }

  /** Which wallets the organisation can issue to now. */
  async connected(orgId: string): Promise<Record<WalletProvider, boolean>> {
    const { rows } = await this.db.query<{ provider: WalletProvider }>('SELECT provider FROM wallet_issuers WHERE org_id = $1', [orgId]);
    return { apple: rows.some((row) => row.provider === 'apple'), google: rows.some((row) => row.provider === 'google') };
  }

  private issuer<P extends WalletProvider>(orgId: string, provider: P): Promise<IssuerOf[P] | undefined> {
    return this.opened.get(`${orgId}\n${provider}`, () => this.open(orgId, provider)) as Promise<IssuerOf[P] | undefined>;
  }

  private async open<P extends WalletProvider>(orgId: string, provider: P): Promise<IssuerOf[P] | undefined> {
    const { rows } = await this.db.query<{ sealed: string }>('SELECT sealed FROM wallet_issuers WHERE org_id = $1 AND provider = $2', [orgId, provider]);
    if (rows.length === 0) return undefined;
    let opened: unknown;
    try {
      opened = openWith(await this.key(), rows[0]!.sealed);
    } catch {
      return undefined;
    }
    const parsed = SEALED[provider].safeParse(opened);
    return parsed.success ? (parsed.data as IssuerOf[P]) : undefined;
  }

  /** Keeps an issuer whose check found no error, with its warnings; another organisation's pass type is refused by the unique index. */
  async connect<P extends WalletProvider>(orgId: string, provider: P, issuer: IssuerOf[P], check: IssuerCheck): Promise<void> {
    const passType = provider === 'apple' ? (issuer as AppleIssuer).pass_type_identifier : null;
    await this.db.query(
      `INSERT INTO wallet_issuers (org_id, provider, sealed, summary, pass_type_identifier, expires_at, problems) VALUES ($1, $2, $3, $4, $5, $6, $7)
       ON CONFLICT (org_id, provider) DO UPDATE SET sealed = EXCLUDED.sealed, summary = EXCLUDED.summary, pass_type_identifier = EXCLUDED.pass_type_identifier,
         expires_at = EXCLUDED.expires_at, problems = EXCLUDED.problems, updated_at = now()`,
      [orgId, provider, sealWith(await this.key(), issuer), check.summary, passType, check.expires_at, JSON.stringify(check.problems)],
    );
    this.opened.forget(`${orgId}\n${provider}`);
  }

  async disconnect(orgId: string, provider: WalletProvider): Promise<void> {
    await this.db.query('DELETE FROM wallet_issuers WHERE org_id = $1 AND provider = $2', [orgId, provider]);
    this.opened.forget(`${orgId}\n${provider}`);
  }

  async views(orgId: string, now = new Date()): Promise<IssuerView[]> {
    const { rows } = await this.db.query<{ provider: WalletProvider; summary: string; expires_at: Date | null; problems: IssuerProblem[]; updated_at: Date }>(
      'SELECT provider, summary, expires_at, problems, updated_at FROM wallet_issuers WHERE org_id = $1',
      [orgId],
    );
    const providers: WalletProvider[] = ['apple', 'google'];
    return providers.map((provider) => {
      const row = rows.find((candidate) => candidate.provider === provider);
      return {
        provider,
        connected: row !== undefined,
        summary: row?.summary ?? null,
        expires_at: row?.expires_at?.toISOString() ?? null,
        problems: row ? [...row.problems.filter((problem) => !END_CODES.includes(problem.code)), ...endOf(row.expires_at, now)] : [],
        updated_at: row?.updated_at.toISOString() ?? null,
        hint: HINTS[provider],
      };
    });
  }
}
