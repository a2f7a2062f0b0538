import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { lazyServerSecret, type SqlClient } from '@qr/platform';
import { SQL_CLIENT } from '../infrastructure';

const SECRET_NAME = 'poll_voter_tokens';
/** Characters of a voter's keyed hash in an export: enough to tell a room's voters apart, too few to be a token. */
const EXPORT_HASH_LENGTH = 12;

/**
 * A voter's token, `<id>.<sig>` (contracts' VoterToken): the id is 16 random bytes, the signature an
 * HMAC of the poll and the id under a server secret, so a token is one poll's and no client can
 * make up voters to vote again. The poll's stream counts one vote per id.
 */
@Injectable()
export class VoterTokens {
  private readonly key: () => Promise<Buffer>;

  constructor(@Inject(SQL_CLIENT) db: SqlClient) {
    this.key = lazyServerSecret(db, SECRET_NAME);
  }

  async issue(pollId: string): Promise<string> {
    const id = randomBytes(16).toString('base64url');
    return `${id}.${this.sign(await this.key(), pollId, id).toString('base64url')}`;
  }

  /** The voter the token names on this poll, or null when the server did not sign it for this poll. */
  async voterOf(pollId: string, token: string): Promise<string | null> {
    const [id, sig] = token.split('.');
    if (!id || !sig) return null;
    const expected = this.sign(await this.key(), pollId, id);
    const given = Buffer.from(sig, 'base64url');
    return given.length === expected.length && timingSafeEqual(given, expected) ? id : null;
  }

  /** How an export names a voter: a short keyed hash, so rows of one voter go together and the token stays unknown. */
  async exportNameOf(voter: string): Promise<string> {
    return createHmac('sha256', await this.key())
      .update(`export\n${voter}`)
      .digest('base64url')
      .slice(0, EXPORT_HASH_LENGTH);
  }

  private sign(key: Buffer, pollId: string, id: string): Buffer {
    return createHmac('sha256', key).update(`${pollId}\n${id}`).digest();
  }
}
