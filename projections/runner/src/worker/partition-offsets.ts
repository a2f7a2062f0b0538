import type { SqlExecutor } from '@qr/platform';

/** One partition's stored position for a projection's generation. */
export interface PartitionOffset {
  partition: number;
  nextOffset: number;
  messagesApplied: number;
  updatedAt: Date;
}

/** A worker-fed generation as health reports it: what its stored offsets say, since the API does not run it. */
export interface WorkerProjectionProgress {
  name: string;
  generation: number;
  status: 'building' | 'live';
  events_processed: number;
  /** Messages of the topic taken past, per partition (the next offset to apply). */
  partitions: { topic: string; partition: number; next_offset: number }[];
  /** When a worker last stored a batch of it; null before the first. */
  last_applied_at: string | null;
}

/** Where one partition's applied messages end, and how many events of them the projection took. */
export interface PartitionAdvance {
  partition: number;
  nextOffset: number;
  applied: number;
}

interface OffsetRow {
  partition: number;
  next_offset: string | number;
  messages_applied: string | number;
  updated_at: Date;
}

/** Reads and writes `projection_partition_offsets`: a worker-fed generation's checkpoint, one per partition. */
export const partitionOffsets = {
  /** Each partition's first offset not applied yet (absent when nothing was). Call it holding the generation's lock. */
  async next(tx: SqlExecutor, projection: string, generation: number, topic: string, partitions: readonly number[]): Promise<Map<number, number>> {
    const { rows } = await tx.query<{ partition: number; next_offset: string | number }>(
      `SELECT partition, next_offset FROM projection_partition_offsets
        WHERE projection = $1 AND generation = $2 AND topic = $3 AND partition = ANY($4::int[])`,
      [projection, generation, topic, [...partitions]],
      { statementName: 'partition_offsets_next' },
    );
    return new Map(rows.map((row) => [Number(row.partition), Number(row.next_offset)]));
  },

  /** Moves each partition past `nextOffset - 1`, and counts the applied events on the generation, in the batch's transaction. */
  async advance(tx: SqlExecutor, at: { projection: string; generation: number; topic: string }, advances: readonly PartitionAdvance[]): Promise<void> {
    await tx.query(
      `INSERT INTO projection_partition_offsets AS o (projection, generation, topic, partition, next_offset, messages_applied)
         SELECT $1, $2, $3, u.partition, u.next_offset, u.applied FROM unnest($4::int[], $5::bigint[], $6::bigint[]) AS u(partition, next_offset, applied)
       ON CONFLICT (projection, generation, topic, partition)
         DO UPDATE SET next_offset = greatest(o.next_offset, excluded.next_offset), messages_applied = o.messages_applied + excluded.messages_applied, updated_at = now()`,
      [at.projection, at.generation, at.topic, advances.map((a) => a.partition), advances.map((a) => a.nextOffset), advances.map((a) => a.applied)],
      { statementName: 'partition_offsets_advance' },
    );
    const applied = advances.reduce((sum, a) => sum + a.applied, 0);
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

  /** Every worker-fed generation that is live or being built, with its stored offsets. */
  async progress(db: SqlExecutor): Promise<WorkerProjectionProgress[]> {
    const { rows } = await db.query<{
      name: string;
      generation: number;
      status: 'building' | 'live';
      events_processed: string | number;
      topic: string | null;
      partition: number | null;
      next_offset: string | number | null;
      updated_at: Date | null;
    }>(
      `SELECT c.name, c.generation, c.status, c.events_processed, o.topic, o.partition, o.next_offset, o.updated_at
         FROM projection_checkpoints c
         LEFT JOIN projection_partition_offsets o ON o.projection = c.name AND o.generation = c.generation
        WHERE c.fed_by = 'topic' AND c.status IN ('live', 'building')
        ORDER BY c.name, c.generation, o.topic, o.partition`,
    );
    const byGeneration = new Map<string, WorkerProjectionProgress>();
    for (const row of rows) {
      const id = `${row.name}\u0000${row.generation}`;
      let progress = byGeneration.get(id);
      if (!progress) {
        progress = {
          name: row.name,
          generation: Number(row.generation),
          status: row.status,
          events_processed: Number(row.events_processed),
          partitions: [],
          last_applied_at: null,
        };
        byGeneration.set(id, progress);
      }
      if (row.topic === null || row.partition === null) continue;
      progress.partitions.push({ topic: row.topic, partition: Number(row.partition), next_offset: Number(row.next_offset) });
      const at = new Date(row.updated_at!).toISOString();
      if (progress.last_applied_at === null || at > progress.last_applied_at) progress.last_applied_at = at;
    }
    return [...byGeneration.values()];
  },
};
