import { Inject, Injectable } from '@nestjs/common';
import type { PassDesignTerms, PassHolder, PassKind, PassSource } from '@qr/contracts';
import { checkpointOfAppend, type AppendResult } from '@qr/eventstore';
import type { SqlClient } from '@qr/platform';
import { passes } from '@qr/projections-passes';
import type { ProjectionRunner } from '@qr/projections-runner';
import { READ_YOUR_WRITES_DEFAULTS } from '../http/read-your-writes';
import { PROJECTION_RUNNER, SQL_CLIENT } from '../infrastructure';

/** A row of pass_designs (projections/passes): deleted ones too, marked. */
export interface PassDesignRow {
  design_id: string;
  org_id: string;
  kind: PassKind;
  source_id: string;
  source: PassSource;
  terms: PassDesignTerms;
  status: 'live' | 'deleted';
  passes: number;
  created_at: Date;
  updated_at: Date;
}

/** A row of passes (projections/passes). */
export interface PassRow {
  pass_id: string;
  org_id: string;
  design_id: string;
  kind: PassKind;
  source_id: string;
  holder: PassHolder;
  holder_key: string;
  voided: boolean;
  source_gone: boolean;
  design_gone: boolean;
  issued_at: Date;
  updated_at: Date;
  update_tag: string | number;
}

const SELECT_DESIGNS = 'SELECT design_id, org_id, kind, source_id, source, terms, status, passes, created_at, updated_at FROM pass_designs';
const SELECT_PASSES = `SELECT pass_id, org_id, design_id, kind, source_id, holder, holder_key, voided, source_gone, design_gone, issued_at, updated_at, update_tag
  FROM passes`;

/**
 * The passes read models (projections/passes) and the Apple devices that follow each pass. Nothing
 * here checks who asks: handlers put the TenancyGate in front of staff reads; a visitor's reads
 * need a pass id, which only the holder's own page derives.
 */
@Injectable()
export class PassReads {
  constructor(
    @Inject(SQL_CLIENT) private readonly db: SqlClient,
    @Inject(PROJECTION_RUNNER) private readonly projections: ProjectionRunner,
  ) {}

  /** Waits, bounded as a command's own wait is, until the tables hold a decision's events. */
  async reached(appended: AppendResult | null): Promise<void> {
    if (appended) await this.projections.waitFor(checkpointOfAppend(appended), [passes.name], READ_YOUR_WRITES_DEFAULTS.commandWaitMs);
  }

  async design(designId: string): Promise<PassDesignRow | undefined> {
    const { rows } = await this.db.query<PassDesignRow>(`${SELECT_DESIGNS} WHERE design_id = $1`, [designId]);
    return rows[0];
  }

  /** The organisation's live designs, of one kind or source when given, newest first. */
  async designs(orgId: string, kind?: PassKind, sourceId?: string): Promise<PassDesignRow[]> {
    const { rows } = await this.db.query<PassDesignRow>(
      `${SELECT_DESIGNS} WHERE org_id = $1 AND status = 'live' AND ($2::text IS NULL OR kind = $2) AND ($3::uuid IS NULL OR source_id = $3)
        ORDER BY created_at DESC, design_id`,
      [orgId, kind ?? null, sourceId ?? null],
    );
    return rows;
  }

  /** The newest live design of a source: the one a visitor's page offers. */
  async designOfSource(kind: PassKind, sourceId: string): Promise<PassDesignRow | undefined> {
    const { rows } = await this.db.query<PassDesignRow>(
      `${SELECT_DESIGNS} WHERE kind = $1 AND source_id = $2 AND status = 'live' ORDER BY created_at DESC, design_id LIMIT 1`,
      [kind, sourceId],
    );
    return rows[0];
  }

  async pass(passId: string): Promise<PassRow | undefined> {
    const { rows } = await this.db.query<PassRow>(`${SELECT_PASSES} WHERE pass_id = $1`, [passId]);
    return rows[0];
  }

  /** A page of the organisation's passes, of one design when given, newest first. */
  async passes(orgId: string, designId: string | undefined, page: number, perPage: number): Promise<{ rows: PassRow[]; total: number }> {
    const where = 'org_id = $1 AND ($2::uuid IS NULL OR design_id = $2)';
    const [{ rows }, counted] = await Promise.all([
      this.db.query<PassRow>(`${SELECT_PASSES} WHERE ${where} ORDER BY issued_at DESC, pass_id LIMIT $3 OFFSET $4`, [
        orgId,
        designId ?? null,
        perPage,
        (page - 1) * perPage,
      ]),
      this.db.query<{ total: string | number }>(`SELECT count(*) AS total FROM passes WHERE ${where}`, [orgId, designId ?? null]),
    ]);
    return { rows, total: Number(counted.rows[0]?.total ?? 0) };
  }

  /** Passes whose tag moved past `tag`, in tag order: what the pass updater has still to push. */
  async changedAfter(tag: number, limit: number): Promise<{ pass_id: string; org_id: string; update_tag: number }[]> {
    const { rows } = await this.db.query<{ pass_id: string; org_id: string; update_tag: string | number }>(
      'SELECT pass_id, org_id, update_tag FROM passes WHERE update_tag > $1 ORDER BY update_tag LIMIT $2',
      [tag, limit],
    );
    return rows.map((row) => ({ ...row, update_tag: Number(row.update_tag) }));
  }

  /** The newest tag of the read model, where a new pass updater starts. */
  async latestTag(): Promise<number> {
    const { rows } = await this.db.query<{ tag: string | number | null }>('SELECT max(update_tag) AS tag FROM passes');
    return Number(rows[0]?.tag ?? 0);
  }

  /** How many Apple devices follow each pass. */
  async devices(passIds: readonly string[]): Promise<Map<string, number>> {
    if (passIds.length === 0) return new Map();
    const { rows } = await this.db.query<{ serial_number: string; n: number }>(
      'SELECT serial_number, count(*)::int AS n FROM wallet_apple_registrations WHERE serial_number = ANY($1::uuid[]) GROUP BY serial_number',
      [passIds],
    );
    return new Map(rows.map((row) => [row.serial_number, Number(row.n)]));
  }

  /** Whether a visitor saved the pass to Google Wallet: only then is there an object to update. */
  async savedToGoogle(passId: string): Promise<boolean> {
    const { rows } = await this.db.query('SELECT 1 FROM wallet_google_objects WHERE pass_id = $1', [passId]);
    return rows.length > 0;
  }

  /** The push tokens of the Apple devices that follow a pass. */
  async pushTokens(passId: string): Promise<string[]> {
    const { rows } = await this.db.query<{ push_token: string }>('SELECT DISTINCT push_token FROM wallet_apple_registrations WHERE serial_number = $1', [
      passId,
    ]);
    return rows.map((row) => row.push_token);
  }
}
