import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { lazyServerSecret, type SqlClient } from '@qr/platform';

/** Characters of a visitor's keyed hash in an export: enough to tell a room apart, too few to be a token. */
const EXPORT_HASH_LENGTH = 12;

/**
 * A visitor's token for one thing (a poll, a game), `<id>.<sig>`: the id is 16 random bytes, the
 * signature an HMAC of the thing's id and the visitor's id under a server secret, so a token is one
 * thing's and no client can make up visitors to vote or play again. The thing's stream counts per id.
 */
export class SignedVisitorTokens {
  private readonly key: () => Promise<Buffer>;

  constructor(db: SqlClient, secretName: string) {
    this.key = lazyServerSecret(db, secretName);
  }

  async issue(scopeId: string): Promise<string> {
    const id = randomBytes(16).toString('base64url');
    return `${id}.${this.sign(await this.key(), scopeId, id).toString('base64url')}`;
  }

  /** The visitor the token names for this thing, or null when the server did not sign it for this thing. */
  async visitorOf(scopeId: string, token: string): Promise<string | null> {
    const [id, sig] = token.split('.');
    if (!id || !sig) return null;
    const expected = this.sign(await this.key(), scopeId, id);
    const given = Buffer.from(sig, 'base64url');
    return given.length === expected.length && timingSafeEqual(given, expected) ? id : null;
  }

  /** How an export names a visitor: a short keyed hash, so rows of one visitor go together and the token stays unknown. */
  async exportNameOf(visitor: string): Promise<string> {
    return createHmac('sha256', await this.key())
      .update(`export\n${visitor}`)
      .digest('base64url')
      .slice(0, EXPORT_HASH_LENGTH);
  }

  private sign(key: Buffer, scopeId: string, id: string): Buffer {
    return createHmac('sha256', key).update(`${scopeId}\n${id}`).digest();
  }
}
