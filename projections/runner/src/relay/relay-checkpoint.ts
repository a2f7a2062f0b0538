import { START, type Checkpoint } from '@qr/eventstore';
import type { SqlExecutor } from '@qr/platform';

interface CheckpointRow {
  checkpoint_transaction: string;
  checkpoint_position: string | number;
  events_published: string | number;
}

export interface StoredRelayCheckpoint {
  checkpoint: Checkpoint;
  eventsPublished: number;
}

/** Reads and moves the relay_checkpoints row of one topic. */
export const relayCheckpoint = {
  /** Where publishing to `topic` resumes; a topic never published to starts at the beginning of the log. */
  async read(db: SqlExecutor, topic: string): Promise<StoredRelayCheckpoint> {
    const { rows } = await db.query<CheckpointRow>(
      `SELECT checkpoint_transaction::text AS checkpoint_transaction, checkpoint_position, events_published
         FROM relay_checkpoints WHERE topic = $1`,
      [topic],
    );
    const row = rows[0];
    if (!row) return { checkpoint: START, eventsPublished: 0 };
    return {
      checkpoint: { transactionId: row.checkpoint_transaction, globalPosition: Number(row.checkpoint_position) },
      eventsPublished: Number(row.events_published),
    };
  },

  /**
   * Records that everything up to `checkpoint` was acknowledged. It only ever moves forward, so a
   * second relay on the same database that lags behind (two API processes) cannot pull it back.
   */
  async advance(db: SqlExecutor, topic: string, checkpoint: Checkpoint, published: number): Promise<void> {
    await db.query(
      `INSERT INTO relay_checkpoints AS r (topic, checkpoint_transaction, checkpoint_position, events_published)
       VALUES ($1, $2::xid8, $3, $4)
       ON CONFLICT (topic) DO UPDATE
          SET checkpoint_transaction = excluded.checkpoint_transaction, checkpoint_position = excluded.checkpoint_position,
              events_published = r.events_published + excluded.events_published, updated_at = now()
        WHERE (r.checkpoint_transaction, r.checkpoint_position) < (excluded.checkpoint_transaction, excluded.checkpoint_position)`,
      [topic, checkpoint.transactionId, checkpoint.globalPosition, published],
      { statementName: 'relay_advance' },
    );
  },
};
