import type {
  AppendedListener,
  AppendRequest,
  AppendResult,
  Backlog,
  Checkpoint,
  EventStore,
  Projection,
  ReadAllOptions,
  ReadAllResult,
  StreamRead,
} from '@qr/eventstore';
import type { ProjectionRunner } from '@qr/projections-runner';
import { requestWrites, type RequestWrites } from './request-writes';

/**
 * The event types whose commands' answers wait for this read model: those of one the command side
 * reads back (the admin screens, a code's owner, the scan path's code directory). Not those of a
 * projection fed by a hot path (it waits for its wake delay), save the ones it applies at once
 * (`wakeAtOnceFor`: a campaign's changes beside its redemptions), nor those of one fit for
 * projection workers (counts and sums, such as analytics): those would make every admin action as
 * slow as the busiest scan load.
 */
export function commandTypesOf(projection: Projection): readonly string[] {
  if (projection.partitionSafe) return [];
  return projection.wakeDelayMs ? (projection.wakeAtOnceFor ?? []) : projection.eventTypes;
}

/**
 * The event store as the API's modules get it. Inside an /api/v1 request, each append records its
 * position and event types for the answer's x-position header, then waits, bounded for the whole
 * request, for the command side's read models those types feed, so the handler's own next read and
 * the caller's next query see the change. A wait that runs out only ends the waiting: the events
 * are committed, and the command answers its success with the position, which the caller's next
 * query may wait for (min_position). Handlers thread no positions by hand.
 */
export class ReadYourWritesEventStore implements EventStore {
  constructor(
    private readonly store: EventStore,
    private readonly projections: ProjectionRunner,
    private readonly commandWaitMs: number,
  ) {}

  async append(request: AppendRequest): Promise<AppendResult> {
    const result = await this.store.append(request);
    await this.recorded([request], [result]);
    return result;
  }

  async appendMany(requests: readonly AppendRequest[]): Promise<(AppendResult | Error)[]> {
    const results = await this.store.appendMany(requests);
    await this.recorded(requests, results);
    return results;
  }

  private async recorded(requests: readonly AppendRequest[], results: readonly (AppendResult | Error)[]): Promise<void> {
    const writes = requestWrites.getStore();
    if (!writes) return;
    writes.record(requests, results);
    await this.waitForReadModels(writes);
  }

  private async waitForReadModels(writes: RequestWrites): Promise<void> {
    if (!writes.position) return;
    const names = this.projections.projections
      .filter((projection) => commandTypesOf(projection).some((type) => writes.types.has(type)))
      .map((projection) => projection.name);
    if (names.length === 0) return;
    writes.waitDeadline ??= performance.now() + this.commandWaitMs;
    const left = writes.waitDeadline - performance.now();
    if (left > 0) await this.projections.waitFor(writes.position, names, left);
  }

  readStream(streamId: string, fromPosition?: number): Promise<StreamRead> {
    return this.store.readStream(streamId, fromPosition);
  }

  readAll(options: ReadAllOptions): Promise<ReadAllResult> {
    return this.store.readAll(options);
  }

  headPosition(): Promise<number> {
    return this.store.headPosition();
  }

  lastCheckpoint(): Promise<Checkpoint> {
    return this.store.lastCheckpoint();
  }

  backlog(from: Checkpoint, types?: readonly string[]): Promise<Backlog> {
    return this.store.backlog(from, types);
  }

  holdsAnyBetween(from: Checkpoint, to: Checkpoint, types: readonly string[]): Promise<boolean> {
    return this.store.holdsAnyBetween(from, to, types);
  }

  onAppended(listener: AppendedListener): () => void {
    return this.store.onAppended(listener);
  }
}
