import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { DomainError, PROMO_NONCE_TTL_MS, type PromoNonceView } from '@qr/contracts';
import { lazyServerSecret, type SqlClient } from '@qr/platform';
import { SQL_CLIENT } from '../infrastructure';

const SECRET_NAME = 'promo_nonces';
/** 128 bits: two pages never draw the same nonce, so a spent one names one page load. */
const RANDOM_BYTES = 16;
/** A truncated HMAC-SHA256 (128 bits) is as hard to forge as the whole one is to find a preimage for here. */
const SIGNATURE_LENGTH = 22;
const NONCE = /^([0-9a-z]{1,11})\.([\w-]{22})\.([\w-]{22})$/;

/** What a checked nonce says: the server issued it for this QR code at this time. */
export interface CheckedNonce {
  nonce: string;
  issued_at: string;
}

export const nonceInvalid = () =>
  new DomainError('promo_nonce_invalid', 'This page has been open too long or was used already: reload it and try again.', { field: 'body.nonce' });

/**
 * The promo page's nonces, stateless: `<issued ms, base 36>.<random>.<HMAC of qr_id, issued and
 * random under a server secret>`. Issuing one stores nothing, so a visitor opening the page costs
 * no write; whether it is too old or was spent already is the campaign's stream's to say (its
 * decider holds the spent ones), since only the stream that redeems can tell a replay atomically.
 */
@Injectable()
export class PromoNonces {
  private readonly key: () => Promise<Buffer>;

  constructor(@Inject(SQL_CLIENT) db: SqlClient) {
    this.key = lazyServerSecret(db, SECRET_NAME);
  }

  async issue(qrId: string, now = new Date()): Promise<PromoNonceView> {
    const issued = now.getTime().toString(36);
    const random = randomBytes(RANDOM_BYTES).toString('base64url');
    return {
      nonce: `${issued}.${random}.${this.signature(await this.key(), qrId, issued, random)}`,
      issued_at: now.toISOString(),
      expires_at: new Date(now.getTime() + PROMO_NONCE_TTL_MS).toISOString(),
    };
  }

  /** The nonce's issue time when the server signed it for this QR code; promo_nonce_invalid (naming body.nonce) otherwise. */
  async check(nonce: string, qrId: string): Promise<CheckedNonce> {
    const parts = NONCE.exec(nonce);
    if (!parts) throw nonceInvalid();
    const [, issued = '', random = '', given = ''] = parts;
    const expected = Buffer.from(this.signature(await this.key(), qrId, issued, random));
    if (!timingSafeEqual(expected, Buffer.from(given))) throw nonceInvalid();
    return { nonce, issued_at: new Date(parseInt(issued, 36)).toISOString() };
  }

  private signature(key: Buffer, qrId: string, issued: string, random: string): string {
    return createHmac('sha256', key).update(`${qrId}\n${issued}\n${random}`).digest('base64url').slice(0, SIGNATURE_LENGTH);
  }
}
