import { createHmac, timingSafeEqual } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { lazyServerSecret, type SqlClient } from '@qr/platform';
import { SQL_CLIENT } from '../infrastructure';

const SECRET_NAME = 'wallet_pass_tokens';

/**
 * Each pass's `ApplePass` authentication token and each holder's pass id, derived with HMAC from a
 * server secret rather than stored: nothing to leak from a table, nothing to look up. A pass id is
 * unguessable without the secret (it stands for a card id, a bearer secret), and the same design
 * and holder always derive the same id, which makes issuing idempotent.
 */
@Injectable()
export class PassTokens {
  private readonly key: () => Promise<Buffer>;

  constructor(@Inject(SQL_CLIENT) db: SqlClient) {
    this.key = lazyServerSecret(db, SECRET_NAME);
  }

  /** Apple asks for at least 16 characters; 32 of base64url carry 192 bits. */
  async tokenOf(passId: string): Promise<string> {
    return createHmac('sha256', await this.key())
      .update(`token\n${passId}`)
      .digest('base64url')
      .slice(0, 32);
  }

  async verify(passId: string, token: string): Promise<boolean> {
    const expected = Buffer.from(await this.tokenOf(passId));
    const given = Buffer.from(token);
    return given.length === expected.length && timingSafeEqual(given, expected);
  }

  /** The pass id of a design's holder, as a version-4-shaped UUID. */
  async passIdOf(designId: string, holderKey: string): Promise<string> {
    const bytes = createHmac('sha256', await this.key())
      .update(`pass\n${designId}\n${holderKey}`)
      .digest()
      .subarray(0, 16);
    bytes[6] = (bytes[6]! & 0x0f) | 0x40;
    bytes[8] = (bytes[8]! & 0x3f) | 0x80;
    const hex = bytes.toString('hex');
    return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
  }
}
