import { Inject, Injectable } from '@nestjs/common';
import type { SqlClient } from '@qr/platform';
import { SQL_CLIENT } from '../infrastructure';
import { SignedVisitorTokens } from '../signed-visitor-tokens';

/** A voter's token (contracts' VoterToken), signed for its poll: the poll's stream counts one vote per voter id. */
@Injectable()
export class VoterTokens extends SignedVisitorTokens {
  constructor(@Inject(SQL_CLIENT) db: SqlClient) {
    super(db, 'poll_voter_tokens');
  }
}
