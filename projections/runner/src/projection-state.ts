import { START, type Checkpoint, type Projection } from '@qr/eventstore';
import type { SqlExecutor } from '@qr/platform';
import { physicalTable, type ProjectionStatus } from './generations';

export interface GenerationState {
  name: string;
  generation: number;
  codeVersion: number;
  status: ProjectionStatus;
  /** 'log': the in-process runner builds it from the event store; 'topic': projection workers, from Kafka. */
  fedBy: ProjectionFeed;
  checkpoint: Checkpoint;
  eventsProcessed: number;
}

export type ProjectionFeed = 'log' | 'topic';

interface StateRow {
  name: string;
  generation: number;
  code_version: number;
  status: ProjectionStatus;
  fed_by: ProjectionFeed;
  checkpoint_transaction: string;
  checkpoint_position: string | number;
  events_processed: string | number;
}

const STATE_COLUMNS = `name, generation, code_version, status, fed_by, checkpoint_transaction::text AS checkpoint_transaction,
  checkpoint_position, events_processed`;

/** Reads and writes the projection_checkpoints table and a generation's tables and views. */
export const projectionState = {
  async live(db: SqlExecutor, name: string): Promise<GenerationState | undefined> {
    const { rows } = await db.query<StateRow>(`SELECT ${STATE_COLUMNS} FROM projection_checkpoints WHERE name = $1 AND status = 'live'`, [name]);
    return rows[0] && toState(rows[0]);
  },

  /** Locks the generation's row for the rest of the transaction, so two runners never apply one batch twice. */
  async lock(tx: SqlExecutor, name: string, generation: number): Promise<GenerationState | undefined> {
    const { rows } = await tx.query<StateRow>(
      `SELECT ${STATE_COLUMNS} FROM projection_checkpoints WHERE name = $1 AND generation = $2 FOR UPDATE`,
      [name, generation],
      { statementName: 'projection_lock' },
    );
    return rows[0] && toState(rows[0]);
  },

  async all(db: SqlExecutor): Promise<GenerationState[]> {
    const { rows } = await db.query<StateRow>(`SELECT ${STATE_COLUMNS} FROM projection_checkpoints ORDER BY name, generation`);
    return rows.map(toState);
  },

  async advance(tx: SqlExecutor, state: GenerationState, checkpoint: Checkpoint, processed: number): Promise<void> {
    await tx.query(
      `UPDATE projection_checkpoints
          SET checkpoint_transaction = $3::xid8, checkpoint_position = $4, events_processed = events_processed + $5, updated_at = now()
        WHERE name = $1 AND generation = $2`,
      [state.name, state.generation, checkpoint.transactionId, checkpoint.globalPosition, processed],
      { statementName: 'projection_advance' },
    );
  },

  /** Creates the next generation's tables and its row, status building (or live for the very first). */
  async createGeneration(tx: SqlExecutor, projection: Projection, status: ProjectionStatus, fedBy: ProjectionFeed = 'log'): Promise<GenerationState> {
    const { rows } = await tx.query<{ next: number }>('SELECT coalesce(max(generation), 0) + 1 AS next FROM projection_checkpoints WHERE name = $1', [
      projection.name,
    ]);
    const generation = Number(rows[0]!.next);
    for (const [logical, ddl] of Object.entries(projection.tables)) {
      for (const statement of ddl(physicalTable(logical, generation))) await tx.query(statement);
    }
    await tx.query(`INSERT INTO projection_checkpoints (name, generation, code_version, status, fed_by) VALUES ($1, $2, $3, $4, $5)`, [
      projection.name,
      generation,
      projection.version,
      status,
      fedBy,
    ]);
    if (status === 'live') await pointViewsAt(tx, projection, generation);
    return { name: projection.name, generation, codeVersion: projection.version, status, fedBy, checkpoint: START, eventsProcessed: 0 };
  },

  /** Makes `generation` the one queries read, in the caller's transaction, and drops the one it replaces. */
  async promote(tx: SqlExecutor, projection: Projection, generation: number): Promise<void> {
    const previous = await this.live(tx, projection.name);
    await pointViewsAt(tx, projection, generation);
    await tx.query(`UPDATE projection_checkpoints SET status = 'live', updated_at = now() WHERE name = $1 AND generation = $2`, [projection.name, generation]);
    if (!previous) return;
    await tx.query(`UPDATE projection_checkpoints SET status = 'retired', updated_at = now() WHERE name = $1 AND generation = $2`, [
      projection.name,
      previous.generation,
    ]);
    for (const logical of Object.keys(projection.tables)) {
      await tx.query(`DROP TABLE IF EXISTS ${physicalTable(logical, previous.generation)}`);
    }
  },

  /** Drops a generation that a rebuild left unfinished (the process stopped mid-way). */
  async discard(tx: SqlExecutor, projection: Projection, generation: number): Promise<void> {
    for (const logical of Object.keys(projection.tables)) {
      await tx.query(`DROP TABLE IF EXISTS ${physicalTable(logical, generation)}`);
    }
    await tx.query('DELETE FROM projection_checkpoints WHERE name = $1 AND generation = $2', [projection.name, generation]);
  },
};

async function pointViewsAt(tx: SqlExecutor, projection: Projection, generation: number): Promise<void> {
  for (const logical of Object.keys(projection.tables)) {
    // DROP + CREATE rather than CREATE OR REPLACE: a new version may change the columns.
    await tx.query(`DROP VIEW IF EXISTS ${logical}`);
    await tx.query(`CREATE VIEW ${logical} AS SELECT * FROM ${physicalTable(logical, generation)}`);
  }
}

function toState(row: StateRow): GenerationState {
  return {
    name: row.name,
    generation: Number(row.generation),
    codeVersion: Number(row.code_version),
    status: row.status,
    fedBy: row.fed_by,
    checkpoint: { transactionId: row.checkpoint_transaction, globalPosition: Number(row.checkpoint_position) },
    eventsProcessed: Number(row.events_processed),
  };
}
