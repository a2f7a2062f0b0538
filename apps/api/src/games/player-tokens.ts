import { Inject, Injectable } from '@nestjs/common';
import type { SqlClient } from '@qr/platform';
import { SQL_CLIENT } from '../infrastructure';
import { SignedVisitorTokens } from '../signed-visitor-tokens';

/** A player's token (contracts' PlayerToken), signed for its game: the game's stream counts plays per player id. */
@Injectable()
export class PlayerTokens extends SignedVisitorTokens {
  constructor(@Inject(SQL_CLIENT) db: SqlClient) {
    super(db, 'game_player_tokens');
  }
}
