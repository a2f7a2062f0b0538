import { randomBytes } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { DomainError } from '@qr/contracts';
import { oneTimeBatchDecider, oneTimeBatchStreamId, type IssueOneTimeCodes, type OneTimeCodesIssued } from '@qr/domain';
import { checkpointOfAppend } from '@qr/eventstore';
import type { SqlClient } from '@qr/platform';
import { oneTimeCodes } from '@qr/projections-codes';
import type { ProjectionRunner } from '@qr/projections-runner';
import { decidedEvent, StreamWriter } from '../decide-on-stream';
import { READ_YOUR_WRITES_DEFAULTS } from '../http/read-your-writes';
import { PROJECTION_RUNNER, SQL_CLIENT } from '../infrastructure';

export type OneTimeBatchRequest = Omit<IssueOneTimeCodes, 'type' | 'seed'>;

/** Codes of a batch by their ordinal (1 is the first issued), as the read model holds them. */
export interface IssuedCodes {
  /** False while the read model has not materialised the batch yet: ask again later. */
  materialised: boolean;
  /** An ordinal is missing only where a derived id clashed with an existing code's (one-time-code-ids.ts). */
  byOrdinal: Map<number, string>;
}

/**
 * Issues batches of one-time codes for callers without an HTTP request, such as an email campaign
 * that needs one code per recipient, and reads a batch's codes back in issue order. The caller
 * has checked the actor's access to the base code; the decider checks the role.
 */
@Injectable()
export class OneTimeCodeIssuer {
  constructor(
    private readonly writer: StreamWriter,
    @Inject(SQL_CLIENT) private readonly db: SqlClient,
    @Inject(PROJECTION_RUNNER) private readonly projections: ProjectionRunner,
  ) {}

  async issue(request: OneTimeBatchRequest, occurredAt = new Date()): Promise<OneTimeCodesIssued['data']> {
    const command: IssueOneTimeCodes = { type: 'IssueOneTimeCodes', ...request, seed: randomBytes(32).toString('base64url') };
    const decided = await this.writer.decide(
      oneTimeBatchStreamId(request.batch_id),
      oneTimeBatchDecider,
      command,
      { org_id: request.org_id, actor: request.actor.id },
      occurredAt,
    );
    // Outside a request nothing waits for the read model (http/read-your-writes): wait here, bounded, so the codes can be read next.
    if (decided.appended) {
      await this.projections.waitFor(checkpointOfAppend(decided.appended), [oneTimeCodes.name], READ_YOUR_WRITES_DEFAULTS.commandWaitMs);
    }
    return decidedEvent(decided, 'OneTimeCodesIssued').data;
  }

  /**
   * `issue` for a batch id the caller derives from its own (a campaign's): a second call, after a
   * restart, finds the batch issued and leaves it as it is, its seed and so its codes unchanged.
   */
  async issueOnce(request: OneTimeBatchRequest): Promise<void> {
    try {
      await this.issue(request);
    } catch (error) {
      if (!(error instanceof DomainError && error.code === 'wrong_expected_version')) throw error;
    }
  }

  /** The organisation's batch's codes of ordinals `first` to `last`, inclusive. */
  async codesBetween(orgId: string, batchId: string, first: number, last: number): Promise<IssuedCodes> {
    const { rows } = await this.db.query<{ code_id: string | null; ordinal: number | null }>(
      `SELECT c.code_id, c.ordinal FROM one_time_code_batches b
         LEFT JOIN one_time_codes c ON c.batch_id = b.batch_id AND c.ordinal BETWEEN $3 AND $4
        WHERE b.batch_id = $1 AND b.org_id = $2`,
      [batchId, orgId, first, last],
    );
    const byOrdinal = new Map(rows.flatMap((row) => (row.code_id && row.ordinal !== null ? [[row.ordinal, row.code_id] as const] : [])));
    return { materialised: rows.length > 0, byOrdinal };
  }
}
