import type { Checkpoint, Projection } from '@qr/eventstore';

export interface ProjectionLag {
  name: string;
  generation: number;
  status: ProjectionStatus;
  checkpoint: Checkpoint;
  events_processed: number;
  /** Events appended past the checkpoint (an upper bound: it counts events of every type). */
  lag_events: number;
  /** Age of the oldest event not yet processed; 0 when caught up. */
  lag_seconds: number;
}

/** building: a rebuild is filling it; live: queries read it; retired: replaced, tables dropped. */
export type ProjectionStatus = 'building' | 'live' | 'retired';

const IDENTIFIER = /^[a-z][a-z0-9_]{0,40}$/;

export function physicalTable(logical: string, generation: number): string {
  return `${logical}__g${generation}`;
}

/** Names end up in SQL: refuse anything that is not a plain lower-case identifier. */
export function assertValidProjection(projection: Projection): void {
  for (const name of [projection.name.replaceAll('-', '_'), ...Object.keys(projection.tables)]) {
    if (!IDENTIFIER.test(name)) throw new Error(`Projection ${projection.name}: "${name}" is not a valid SQL identifier`);
  }
}
