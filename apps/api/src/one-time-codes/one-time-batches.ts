import { Inject, Injectable } from '@nestjs/common';
import { DomainError, type OneTimeBatchView } from '@qr/contracts';
import type { SqlClient } from '@qr/platform';
import { type Caller, TenancyGate } from '../identity';
import { SQL_CLIENT } from '../infrastructure';

export interface OneTimeBatchRow {
  batch_id: string;
  org_id: string;
  base_code_id: string;
  amount: number;
  created_at: Date;
  used: string | number;
}

const SELECT_BATCHES = `SELECT b.batch_id, b.org_id, b.base_code_id, b.amount, b.created_at,
    (SELECT count(*) FROM one_time_codes c WHERE c.batch_id = b.batch_id AND c.used_at IS NOT NULL) AS used
  FROM one_time_code_batches b`;

export const toBatchView = (row: OneTimeBatchRow): OneTimeBatchView => ({
  batch_id: row.batch_id,
  org_id: row.org_id,
  base_code_id: row.base_code_id,
  amount: row.amount,
  used: Number(row.used),
  created_at: new Date(row.created_at).toISOString(),
});

/**
 * The one-time batches a caller may see, from the read model: live batches of organisations the
 * caller belongs to. A deleted batch and another tenant's answer alike, `one_time_batch_not_found`.
 */
@Injectable()
export class OneTimeBatches {
  constructor(
    @Inject(SQL_CLIENT) private readonly db: SqlClient,
    private readonly gate: TenancyGate,
  ) {}

  async visible(caller: Caller, batchId: string): Promise<OneTimeBatchRow> {
    const { rows } = await this.db.query<OneTimeBatchRow>(`${SELECT_BATCHES} WHERE b.batch_id = $1 AND b.status = 'issued'`, [batchId]);
    await this.gate.actorOwning(caller, rows[0]?.org_id, new DomainError('one_time_batch_not_found', 'No such batch of one-time codes.'));
    return rows[0]!;
  }

  /** A base code's live batches, newest first; the caller's access to the code is checked before. */
  async ofBaseCode(baseCodeId: string, orgId: string): Promise<OneTimeBatchRow[]> {
    const { rows } = await this.db.query<OneTimeBatchRow>(
      `${SELECT_BATCHES} WHERE b.base_code_id = $1 AND b.org_id = $2 AND b.status = 'issued' ORDER BY b.created_at DESC, b.batch_id`,
      [baseCodeId, orgId],
    );
    return rows;
  }
}
