import type { SqlExecutor } from '@qr/platform';

/** One partition's stored position for a projection's generation. */
export interface PartitionOffset {
  partition: number;
  nextOffset: number;
  messagesApplied: number;
  updatedAt: Date;
}

interface OffsetRow {
  partition: number;
  next_offset: string | number;
  messages_applied: string | number;
  updated_at: Date;
}

/** Reads and writes `projection_partition_offsets`: a worker-fed generation's checkpoint, one per partition. */
export const partitionOffsets = {
  /** The first offset of `partition` not applied yet (0 when nothing was). Call it holding the generation's lock. */
  async next(tx: SqlExecutor, projection: string, generation: number, topic: string, partition: number): Promise<number> {
    const { rows } = await tx.query<{ next_offset: string | number }>(
      `SELECT next_offset FROM projection_partition_offsets WHERE projection = $1 AND generation = $2 AND topic = $3 AND partition = $4`,
      [projection, generation, topic, partition],
      { statementName: 'partition_offset_next' },
    );
    return rows[0] ? Number(rows[0].next_offset) : 0;
  },

  /** Moves the partition past `nextOffset - 1`, and counts the applied events on the generation, in the batch's transaction. */
  async advance(tx: SqlExecutor, at: { projection: string; generation: number; topic: string; partition: number }, nextOffset: number, applied: number): Promise<void> {
    await tx.query(
      `INSERT INTO projection_partition_offsets AS o (projection, generation, topic, partition, next_offset, messages_applied)
         VALUES ($1, $2, $3, $4, $5, $6)
       ON CONFLICT (projection, generation, topic, partition)
         DO UPDATE SET next_offset = greatest(o.next_offset, excluded.next_offset), messages_applied = o.messages_applied + excluded.messages_applied, updated_at = now()`,
      [at.projection, at.generation, at.topic, at.partition, nextOffset, applied],
      { statementName: 'partition_offset_advance' },
    );
    if (applied === 0) return;
    await tx.query(
      `UPDATE projection_checkpoints SET events_processed = events_processed + $3, updated_at = now() WHERE name = $1 AND generation = $2`,
      [at.projection, at.generation, applied],
      { statementName: 'partition_offset_count' },
    );
  },

  async ofGeneration(db: SqlExecutor, projection: string, generation: number, topic: string): Promise<PartitionOffset[]> {
    const { rows } = await db.query<OffsetRow>(
      `SELECT partition, next_offset, messages_applied, updated_at FROM projection_partition_offsets
        WHERE projection = $1 AND generation = $2 AND topic = $3 ORDER BY partition`,
      [projection, generation, topic],
    );
    return rows.map((row) => ({
      partition: Number(row.partition),
      nextOffset: Number(row.next_offset),
      messagesApplied: Number(row.messages_applied),
      updatedAt: new Date(row.updated_at),
    }));
  },
};
