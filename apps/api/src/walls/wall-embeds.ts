import { Inject, Injectable } from '@nestjs/common';
import type { SqlClient } from '@qr/platform';
import { SQL_CLIENT } from '../infrastructure';

/** The sites a wall may be framed by, for the web shell's framing headers. */
@Injectable()
export class WallEmbeds {
  constructor(@Inject(SQL_CLIENT) private readonly db: SqlClient) {}

  /** The origins a live wall was embedded in; none for an unknown or deleted wall. */
  async originsOf(wallId: string): Promise<string[]> {
    const { rows } = await this.db.query<{ embed_origins: string[] }>("SELECT embed_origins FROM walls WHERE wall_id = $1 AND status = 'live'", [wallId]);
    return rows[0]?.embed_origins ?? [];
  }
}
