import { Inject, Injectable } from '@nestjs/common';
import { oneTimeCodeDecider, oneTimeCodeStreamId } from '@qr/domain';
import { WrongExpectedVersionError } from '@qr/eventstore';
import type { SqlClient } from '@qr/platform';
import { HotPathAppender } from '../hot-path-appender';
import { SQL_CLIENT } from '../infrastructure';

/** What a scan needs to know about a one-time code. */
export interface OneTimeCodeEntry {
  codeId: string;
  batchId: string;
  baseCodeId: string;
  orgId: string;
  /** False once its batch is deleted. */
  live: boolean;
  /** The read model's word: true is final, false may be a moment late (the store decides). */
  used: boolean;
}

/**
 * The scan path's half of one-time codes. The lookup runs only for ids the code directory does not
 * know, so scans of ordinary codes pay nothing for it; nothing is cached, as each code is meant to
 * be scanned once.
 */
@Injectable()
export class OneTimeScans {
  constructor(
    @Inject(SQL_CLIENT) private readonly db: SqlClient,
    private readonly appender: HotPathAppender,
  ) {}

  async find(codeId: string): Promise<OneTimeCodeEntry | undefined> {
    const { rows } = await this.db.query<{ batch_id: string; base_code_id: string; org_id: string; status: string; used: boolean }>(
      `SELECT c.batch_id, b.base_code_id, b.org_id, b.status, c.used_at IS NOT NULL AS used
         FROM one_time_codes c JOIN one_time_code_batches b ON b.batch_id = c.batch_id WHERE c.code_id = $1`,
      [codeId],
    );
    const row = rows[0];
    return row && { codeId, batchId: row.batch_id, baseCodeId: row.base_code_id, orgId: row.org_id, live: row.status === 'issued', used: row.used };
  }

  /**
   * Claims the code for this scan: true if it won, false if another scan had used it. The append
   * expects no stream, so of any number of concurrent scans the store lets exactly one through,
   * on PGlite and PostgreSQL alike, and the use is durable before the visitor is sent on.
   */
  async use(entry: OneTimeCodeEntry, at: Date): Promise<boolean> {
    const events = oneTimeCodeDecider.decide(
      { type: 'UseOneTimeCode', code_id: entry.codeId, batch_id: entry.batchId, base_code_id: entry.baseCodeId, org_id: entry.orgId },
      oneTimeCodeDecider.initialState,
    );
    try {
      await this.appender.append({
        streamId: oneTimeCodeStreamId(entry.codeId),
        expectedVersion: 'no_stream',
        events: events.map((event) => ({ ...event, occurredAt: at, metadata: { org_id: entry.orgId } })),
      });
      return true;
    } catch (error) {
      if (error instanceof WrongExpectedVersionError) return false;
      throw error;
    }
  }
}
