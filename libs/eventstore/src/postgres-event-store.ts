import { isUniqueViolation, type SqlClient, type SqlExecutor } from '@qr/platform';
import {
  BACKLOG_COUNT_LIMIT,
  checkpointOfAppend,
  compareCheckpoints,
  NO_STREAM_VERSION,
  START,
  type AppendedListener,
  type AppendRequest,
  type AppendResult,
  type Backlog,
  type Checkpoint,
  type EventStore,
  type NewEvent,
  type ReadAllOptions,
  type ReadAllResult,
  type RecordedEvent,
  type StreamRead,
} from './event-store';
import { DuplicateEventIdError, WrongExpectedVersionError } from './event-store.errors';
import { newEventId } from './event-id';
import { LogSummary, type LogLook } from './log-summary';
import { RecentEvents, type CommittedEvents } from './recent-events';

/**
 * An event read back as one JSON array in a text column: one field a row costs PGlite's protocol and
 * the driver far less than eleven typed ones, parsing included, and JSON.parse takes the data and
 * metadata apart in the same pass. Timestamps
 * come as ISO 8601 text, which Date reads to the millisecond as the driver's parser did.
 */
const EVENT_JSON = `json_build_array(global_position, transaction_id::text, stream_id, stream_position, event_id, type, schema_version,
  data, metadata, occurred_at, recorded_at)::text AS event`;

type EventJson = [number, string, string, number, string, string, number, unknown, RecordedEvent['metadata'], string, string];

interface EventRow {
  event: string;
}

/**
 * The JSON array of eventRow objects as rows r(s, p, e, t, v, d, m, o) numbered n from 1. The
 * statements insert them ORDER BY n, which PostgreSQL follows when it takes the identity values:
 * a stream's events get global positions in stream order (a hash join on its own would hand the
 * rows over in its own order), and since the values one session takes from a sequence only grow,
 * the sorted global positions line up with the array. Returning them as one json array of numbers, rather
 * than keyed by event id, saves printing and parsing a uuid per event on both sides.
 */
const EVENT_RECORDS = (param: string) =>
  `ROWS FROM (jsonb_to_recordset(${param}::jsonb) AS (s text, p bigint, e uuid, t text, v int, d jsonb, m jsonb, o float8))
   WITH ORDINALITY AS r(s, p, e, t, v, d, m, o, n)`;

/**
 * What an append statement reports besides its positions: the transaction and the time its rows
 * got from their column defaults, so the events it wrote can be remembered exactly as stored.
 */
const WRITTEN_IN = `pg_current_xact_id()::text AS transaction_id, now() AS recorded_at`;

interface Written {
  positions: number[];
  transaction_id: string;
  recorded_at: Date;
}

interface CommittedBatch {
  results: (AppendResult | Error)[];
  /** The events written, for live readers; undefined when the batch wrote none. */
  recorded?: CommittedEvents;
}

/** Raised inside a batch when another transaction created one of its new streams first; the batch is retried. */
class StreamCreatedConcurrently extends Error {}

const MAX_BATCH_ATTEMPTS = 3;
const EVENT_ID_KEY = 'es_events_event_id_key';

/**
 * The event store on PostgreSQL SQL that PGlite and a PostgreSQL server both run (DESIGN.md §3).
 * An append locks the rows of its streams (SELECT … FOR UPDATE), checks every expected version in
 * memory, then writes stream versions and events in one statement, so a batch of a thousand
 * requests costs the same four round trips as one (five when it creates streams). A batch of
 * appends that all expect 'any' (the hot scan path) has nothing to check and is one statement.
 */
export class PostgresEventStore implements EventStore {
  private readonly appendedListeners = new Set<AppendedListener>();
  private readonly recent = new RecentEvents();
  private readonly logSummary = new LogSummary((since) => this.lookAtLog(since));
  /**
   * PGlite is one connection: transactions commit one after another, so position order is commit
   * order, and a live reader that is not behind is served from memory, asking the log only how far
   * its positions go (see RecentEvents.after). On a server, concurrent transactions commit out of
   * position order, and the log says what a read returns.
   */
  private readonly soleWriter: boolean;
  private sharedHead: { readAt: number; position: Promise<number> } | undefined;

  constructor(private readonly db: SqlClient) {
    this.soleWriter = db.kind === 'pglite';
  }

  async append(request: AppendRequest): Promise<AppendResult> {
    const [result] = await this.appendMany([request]);
    if (result instanceof Error) throw result;
    return result!;
  }

  async appendMany(requests: readonly AppendRequest[]): Promise<(AppendResult | Error)[]> {
    const prepared = requests.map(withEventIds);
    let results: (AppendResult | Error)[];
    try {
      results = await this.commitBatch(prepared);
    } catch (error) {
      if (!isUniqueViolation(error, EVENT_ID_KEY)) throw error;
      // One request re-sending old event ids must not fail the others batched with it.
      results =
        prepared.length === 1
          ? [new DuplicateEventIdError(prepared[0]!.streamId, [])]
          : await Promise.all(prepared.map(async (request) => (await this.appendMany([request]))[0]!));
    }
    // Most batches fail nothing: they spare Promise.all a promise per request.
    if (!results.some((result) => result instanceof Error)) return results;
    return Promise.all(results.map((result, index) => (result instanceof Error ? this.explainFailure(prepared[index]!, result) : result)));
  }

  private async commitBatch(requests: readonly AppendRequest[]): Promise<(AppendResult | Error)[]> {
    const blind = requests.every((request) => request.expectedVersion === 'any' && request.events.length > 0);
    for (let attempt = 1; ; attempt++) {
      try {
        const { results, recorded } = blind
          ? await this.appendBlind(requests)
          : isExpectingOneVersion(requests)
            ? await this.appendExpected(requests[0])
            : await this.db.transaction((tx) => this.writeBatch(tx, requests));
        // Kept for live subscribers only: a store nobody follows (a bulk import, the CLI) keeps nothing.
        const remembered = recorded && this.appendedListeners.size > 0 ? this.recent.remember(recorded) : undefined;
        const types = new Set<string>();
        let committed: Checkpoint | undefined;
        requests.forEach((request, index) => {
          const result = results[index]!;
          if (result instanceof Error || request.events.length === 0) return;
          for (const event of request.events) types.add(event.type);
          const checkpoint = checkpointOfAppend(result);
          if (!committed || compareCheckpoints(checkpoint, committed) > 0) committed = checkpoint;
        });
        let followed = false;
        if (committed) for (const listener of this.appendedListeners) if (listener(types, committed)) followed = true;
        // Parsed in a turn of its own right away, a short slice per append, rather than a whole
        // wake's worth of batches at once when a delayed subscriber reads them while scans wait.
        if (followed && remembered) setImmediate(() => remembered.events());
        return results;
      } catch (error) {
        // Nothing of the batch was written; a blind append's upsert waits for such a stream instead.
        if (!(error instanceof StreamCreatedConcurrently) || attempt >= MAX_BATCH_ATTEMPTS) throw error;
      }
    }
  }

  /**
   * Appends that all expect 'any' have no version to check before writing, so they need no
   * transaction around a read: one statement creates or moves every stream row (an upsert, in
   * stream order like writeBatch's locks, so the two never deadlock; a stream another transaction
   * creates meanwhile is waited for and moved) and inserts the events, the four round trips of
   * writeBatch in one. Locking the rows first with a SELECT … FOR UPDATE, as this statement once
   * did, cost PGlite about a fifth of the append's instructions (docs/decisions/004-appends-and-event-ids.md).
   */
  private async appendBlind(requests: readonly AppendRequest[]): Promise<CommittedBatch> {
    const appended = new Map<string, number>();
    const events = requests.flatMap((request) =>
      request.events.map((event) => {
        const offset = appended.get(request.streamId) ?? 0;
        appended.set(request.streamId, offset + 1);
        return eventRow(request.streamId, offset, event);
      }),
    );
    // The statement takes the rows in stream order itself.
    const streamIds = [...appended.keys()];
    const sent = JSON.stringify(events);
    const { rows } = await this.db.query<Written & { bases: Record<string, number> }>(
      `WITH counts AS (
         SELECT * FROM unnest($1::text[], $2::text[], $3::bigint[]) AS c(stream_id, stream_type, n)
       ), moved AS (
         INSERT INTO es_streams AS s (stream_id, stream_type, version)
           SELECT stream_id, stream_type, n - 1 FROM counts ORDER BY stream_id
         -- EXCLUDED.version is what a new stream would start at: its count of events less one.
         ON CONFLICT (stream_id) DO UPDATE SET version = s.version + 1 + EXCLUDED.version
         RETURNING s.stream_id, s.version
       ), bases AS (
         SELECT m.stream_id, m.version - c.n AS base FROM moved m JOIN counts c USING (stream_id)
       ), inserted AS (
         INSERT INTO es_events (stream_id, stream_position, event_id, type, schema_version, data, metadata, occurred_at)
           SELECT r.s, b.base + 1 + r.p, r.e, r.t, r.v, COALESCE(r.d, 'null'::jsonb), r.m, to_timestamp(r.o / 1000)
             FROM ${EVENT_RECORDS('$4')} JOIN bases b ON b.stream_id = r.s
            ORDER BY r.n
         RETURNING global_position
       )
       SELECT (SELECT json_object_agg(stream_id, base) FROM bases) AS bases,
              (SELECT json_agg(global_position ORDER BY global_position) FROM inserted) AS positions, ${WRITTEN_IN}`,
      [streamIds, streamIds.map(streamTypeOf), streamIds.map((id) => appended.get(id)!), sent],
      { statementName: 'es_append_blind' },
    );
    const { bases, positions } = rows[0]!;
    const written = new Map<string, number>();
    let eventsBefore = 0;
    const recorded = committedEvents(sent, events, rows[0]!, (row) => bases[row.s]! + 1 + row.p);
    const results = requests.map((request) => {
      const count = (written.get(request.streamId) ?? 0) + request.events.length;
      written.set(request.streamId, count);
      eventsBefore += request.events.length;
      return {
        streamId: request.streamId,
        nextExpectedVersion: bases[request.streamId]! + count,
        lastGlobalPosition: positions[eventsBefore - 1]!,
        transactionId: rows[0]!.transaction_id,
      };
    });
    return { results, recorded };
  }

  /**
   * One request expecting a version of its stream (a campaign's serialised batch, most commands):
   * one statement moves the version only if it still is the expected one and inserts the events only
   * if it moved, where writeBatch takes four round trips (begin, lock, write, commit). A version
   * moved by another transaction meanwhile fails the condition once that one commits (PostgreSQL
   * checks an updated row again), so the check stays atomic. A refusal is left to writeBatch, which
   * tells the stream's actual version (or that it does not exist) as every refusal does.
   */
  private async appendExpected(request: AppendRequest & { expectedVersion: number }): Promise<CommittedBatch> {
    const { streamId, expectedVersion } = request;
    const events = request.events.map((event, offset) => eventRow(streamId, expectedVersion + 1 + offset, event));
    const next = expectedVersion + events.length;
    const sent = JSON.stringify(events);
    const { rows } = await this.db.query<Omit<Written, 'positions'> & { positions: number[] | null }>(
      `WITH moved AS (
         UPDATE es_streams SET version = $3 WHERE stream_id = $1 AND version = $2 RETURNING version
       ), inserted AS (
         INSERT INTO es_events (stream_id, stream_position, event_id, type, schema_version, data, metadata, occurred_at)
           SELECT s, p, e, t, v, COALESCE(d, 'null'::jsonb), m, to_timestamp(o / 1000) FROM ${EVENT_RECORDS('$4')}
            WHERE EXISTS (SELECT FROM moved) ORDER BY r.n
         RETURNING global_position
       )
       SELECT (SELECT json_agg(global_position ORDER BY global_position) FROM inserted) AS positions, ${WRITTEN_IN}`,
      [streamId, expectedVersion, next, sent],
      { statementName: 'es_append_expected' },
    );
    const { positions, ...written } = rows[0]!;
    if (positions === null) return this.db.transaction((tx) => this.writeBatch(tx, [request]));
    const recorded = committedEvents(sent, events, { ...written, positions }, (row) => row.p);
    return {
      results: [{ streamId, nextExpectedVersion: next, lastGlobalPosition: recorded.positions.at(-1)!, transactionId: written.transaction_id }],
      recorded,
    };
  }

  private async writeBatch(tx: SqlExecutor, requests: readonly AppendRequest[]): Promise<CommittedBatch> {
    const streamIds = [...new Set(requests.map((r) => r.streamId))];
    // Batches in flight at once that share streams lock them in the same order, so they queue
    // instead of deadlocking (the rows are sorted before FOR UPDATE locks them).
    const { rows: existing } = await tx.query<{ stream_id: string; version: string | number }>(
      'SELECT stream_id, version FROM es_streams WHERE stream_id = ANY($1::text[]) ORDER BY stream_id FOR UPDATE',
      [streamIds],
    );
    const stored = new Map(existing.map((row) => [row.stream_id, Number(row.version)]));
    const versions = new Map(stored);
    const planned: { request: AppendRequest; firstPosition: number }[] = [];

    const results: (AppendResult | Error)[] = requests.map((request) => {
      const actual = versions.get(request.streamId) ?? NO_STREAM_VERSION;
      const { expectedVersion } = request;
      const matches = expectedVersion === 'any' || (expectedVersion === 'no_stream' ? !versions.has(request.streamId) : expectedVersion === actual);
      if (!matches) return new WrongExpectedVersionError(request.streamId, expectedVersion, actual);
      const next = actual + request.events.length;
      if (request.events.length > 0) {
        versions.set(request.streamId, next);
        planned.push({ request, firstPosition: actual + 1 });
      }
      return { streamId: request.streamId, nextExpectedVersion: next, lastGlobalPosition: 0, transactionId: START.transactionId };
    });
    if (planned.length === 0) return { results };

    const recorded = await this.write(tx, stored, versions, planned);
    const { positions } = recorded;
    const lastPositions = new Map<AppendRequest, number>();
    let eventsBefore = 0;
    for (const { request } of planned) {
      eventsBefore += request.events.length;
      lastPositions.set(request, positions[eventsBefore - 1]!);
    }
    return {
      recorded,
      results: results.map((result, index) => {
        const lastPosition = lastPositions.get(requests[index]!);
        return result instanceof Error || lastPosition === undefined
          ? result
          : { ...result, lastGlobalPosition: lastPosition, transactionId: recorded.transactionId };
      }),
    };
  }

  /**
   * Creates the new streams, then moves the versions of the others and inserts the events in one
   * statement: a round trip per batch once its streams exist. The events travel as one JSON array
   * (see eventRow) and their global positions come back in the same order (see EVENT_RECORDS).
   */
  private async write(
    tx: SqlExecutor,
    stored: Map<string, number>,
    versions: Map<string, number>,
    planned: { request: AppendRequest; firstPosition: number }[],
  ): Promise<CommittedEvents> {
    const updated = [...versions].filter(([id, version]) => stored.has(id) && stored.get(id) !== version);
    const created = [...versions].filter(([id]) => !stored.has(id));
    if (created.length > 0) await createStreams(tx, created);
    const events = planned.flatMap(({ request, firstPosition }) =>
      request.events.map((event, offset) => eventRow(request.streamId, firstPosition + offset, event)),
    );
    const sent = JSON.stringify(events);
    const { rows } = await tx.query<Written>(
      `WITH updated AS (
         UPDATE es_streams s SET version = u.version
           FROM unnest($1::text[], $2::bigint[]) AS u(stream_id, version) WHERE s.stream_id = u.stream_id
       ), inserted AS (
         INSERT INTO es_events (stream_id, stream_position, event_id, type, schema_version, data, metadata, occurred_at)
           SELECT s, p, e, t, v, COALESCE(d, 'null'::jsonb), m, to_timestamp(o / 1000) FROM ${EVENT_RECORDS('$3')} ORDER BY r.n
         RETURNING global_position
       )
       SELECT json_agg(global_position ORDER BY global_position) AS positions, ${WRITTEN_IN} FROM inserted`,
      [updated.map(([id]) => id), updated.map(([, version]) => version), sent],
      { statementName: 'es_append_checked' },
    );
    return committedEvents(sent, events, rows[0]!, (row) => row.p);
  }

  /**
   * A client retrying after a lost response re-sends the same event ids: it gets the first answer
   * again. Ids used by some other append make the failure a DuplicateEventIdError.
   */
  private async explainFailure(request: AppendRequest, failure: Error): Promise<AppendResult | Error> {
    const ids = request.events.map((e) => e.id!);
    if (ids.length === 0) return failure;
    const { rows } = await this.db.query<{ event_id: string; stream_id: string; stream_position: string; global_position: string; transaction_id: string }>(
      `SELECT event_id::text AS event_id, stream_id, stream_position, global_position, transaction_id::text AS transaction_id
         FROM es_events WHERE event_id = ANY($1::uuid[]) ORDER BY stream_position`,
      [ids],
    );
    if (rows.length === 0) return failure;
    const sameAppend = rows.length === ids.length && rows.every((row) => row.stream_id === request.streamId);
    if (!sameAppend)
      return new DuplicateEventIdError(
        request.streamId,
        rows.map((row) => row.event_id),
      );
    const last = rows.at(-1)!;
    return {
      streamId: request.streamId,
      nextExpectedVersion: Number(last.stream_position),
      lastGlobalPosition: Number(last.global_position),
      transactionId: last.transaction_id,
    };
  }

  /**
   * The version first, then the events: on a pool the two queries are two snapshots, and an append
   * committing between them must never leave a version newer than the events read (a decision on
   * that fold would append past events it never saw). Read in this order the events may only be
   * newer, and the version is taken from the last of them then: a fold and a version that agree.
   */
  async readStream(streamId: string, fromPosition = 0): Promise<StreamRead> {
    const { rows: stream } = await this.db.query<{ version: string }>('SELECT version FROM es_streams WHERE stream_id = $1', [streamId]);
    const { rows } = await this.db.query<EventRow>(
      `SELECT ${EVENT_JSON} FROM es_events WHERE stream_id = $1 AND stream_position >= $2 ORDER BY stream_position`,
      [streamId, fromPosition],
    );
    const events = rows.map(toRecordedEvent);
    const version = stream[0] ? Number(stream[0].version) : NO_STREAM_VERSION;
    return { version: Math.max(version, events.at(-1)?.streamPosition ?? NO_STREAM_VERSION), events };
  }

  async readAll({ from, limit, types, maxStalenessMs }: ReadAllOptions): Promise<ReadAllResult> {
    if (this.soleWriter) {
      // The head first: an append committing meanwhile is then held, not taken for a gap.
      const head = maxStalenessMs === undefined ? await this.headPosition() : await this.recentHeadPosition(maxStalenessMs);
      const held = this.recent.after(from, limit, head, types && new Set(types));
      if (held) return held;
    } else if (types && maxStalenessMs !== undefined) {
      const quiet = await this.logSummary.quietAfter(from, types, maxStalenessMs);
      if (quiet) return quiet;
    }
    const params = [from.transactionId, from.globalPosition, limit, types ? [...types] : null];
    if (this.recent.mayHoldFrom(from.transactionId)) {
      const { rows } = await this.db.query<LoggedPositions>(READ_LOG_POSITIONS, params, { statementName: 'es_read_log_positions' });
      const { horizon, positions, transactions } = rows[0]!;
      const events = this.recent.all(positions ?? []);
      // Equal transaction ids too: a position is the event's for good, but a cache must not be trusted blindly.
      if (events && events.every((event, i) => event.transactionId === transactions![i]) && inLogOrder(events)) {
        return readResult(from, limit, events, horizon);
      }
    }
    const { rows } = await this.db.query<Partial<EventRow> & { horizon: string }>(READ_LOG, params, { statementName: 'es_read_log' });
    const events = rows.filter((row) => row.event != null).map((row) => toRecordedEvent(row as EventRow));
    return readResult(from, limit, events, rows[0]!.horizon);
  }

  /** The horizon, and the types of the events of transactions from `since` up to it, in one statement and so one snapshot. */
  private async lookAtLog(since: string | undefined): Promise<LogLook> {
    const { rows } = await this.db.query<{ horizon: string; types: string[] | null }>(
      `${SNAPSHOT}
       SELECT snap.xmin::text AS horizon,
              (SELECT array_agg(DISTINCT type) FROM es_events WHERE transaction_id >= $1::xid8 AND transaction_id < snap.xmin) AS types
         FROM snap`,
      [since ?? null],
      { statementName: 'es_log_types' },
    );
    return { horizon: rows[0]!.horizon, types: rows[0]!.types ?? [] };
  }

  /**
   * The head as read at most `maxAgeMs` ago, for timed polls: on PGlite every idle subscription
   * polled twice a second, each poll a query into PGlite for the head, and together they kept the
   * API's core busy with no scan coming in (LogSummary is the same sharing on a server). An older
   * head only makes memory's answer stop sooner; what this store appends is held either way.
   */
  private recentHeadPosition(maxAgeMs: number): Promise<number> {
    const now = performance.now();
    if (!this.sharedHead || now - this.sharedHead.readAt > maxAgeMs) {
      const position = this.headPosition();
      this.sharedHead = { readAt: now, position };
      // A failed read is not shared: the next poll asks again.
      position.catch(() => {
        if (this.sharedHead?.position === position) this.sharedHead = undefined;
      });
    }
    return this.sharedHead.position;
  }

  async headPosition(): Promise<number> {
    const { rows } = await this.db.query<{ head: string | number }>(
      `SELECT CASE WHEN is_called THEN last_value ELSE 0 END AS head FROM es_events_global_position_seq`,
      [],
      { statementName: 'es_head' },
    );
    return Number(rows[0]?.head ?? 0);
  }

  async lastCheckpoint(): Promise<Checkpoint> {
    const { rows } = await this.db.query<{ transaction_id: string; global_position: string | number }>(
      `SELECT transaction_id::text AS transaction_id, global_position FROM es_events ORDER BY transaction_id DESC, global_position DESC LIMIT 1`,
      [],
      { statementName: 'es_last_checkpoint' },
    );
    const last = rows[0];
    return last ? { transactionId: last.transaction_id, globalPosition: Number(last.global_position) } : START;
  }

  async backlog(from: Checkpoint, types?: readonly string[]): Promise<Backlog> {
    const { rows } = await this.db.query<{ pending: string | number; oldest: Date | null }>(
      `SELECT count(*) AS pending, min(recorded_at) AS oldest FROM (
         SELECT recorded_at FROM es_events
          WHERE (transaction_id, global_position) > ($1::xid8, $2::bigint) AND ($3::text[] IS NULL OR type = ANY($3::text[]))
          LIMIT ${BACKLOG_COUNT_LIMIT}) pending`,
      [from.transactionId, from.globalPosition, types ? [...types] : null],
    );
    const oldest = rows[0]?.oldest;
    return { events: Number(rows[0]?.pending ?? 0), seconds: oldest ? Math.max(0, (Date.now() - new Date(oldest).getTime()) / 1000) : 0 };
  }

  async holdsAnyBetween(from: Checkpoint, to: Checkpoint, types: readonly string[]): Promise<boolean> {
    if (compareCheckpoints(from, to) >= 0) return false;
    const { rows } = await this.db.query(
      `SELECT 1 FROM es_events
        WHERE (transaction_id, global_position) > ($1::xid8, $2::bigint) AND (transaction_id, global_position) <= ($3::xid8, $4::bigint)
          AND type = ANY($5::text[])
        LIMIT 1`,
      [from.transactionId, from.globalPosition, to.transactionId, to.globalPosition, [...types]],
      { statementName: 'es_holds_any_between' },
    );
    return rows.length > 0;
  }

  onAppended(listener: AppendedListener): () => void {
    this.appendedListeners.add(listener);
    return () => this.appendedListeners.delete(listener);
  }
}

/**
 * One event as an element of the JSON array that jsonb_to_recordset expands: the client serialises
 * the batch natively in one call instead of escaping every value into eight array literals, and the
 * server parses it once. jsonb_to_recordset reads JSON null as SQL NULL, hence the COALESCE in the
 * statements for events whose data is null. The time goes as milliseconds since the epoch, which
 * to_timestamp turns back exactly: a Date's ISO text costs JSON.stringify more per event, and the
 * server more to parse.
 */
function eventRow(streamId: string, position: number, event: NewEvent) {
  return {
    s: streamId,
    p: position,
    e: event.id,
    t: event.type,
    v: event.schemaVersion ?? 1,
    d: event.data,
    m: event.metadata ?? {},
    o: event.occurredAt?.getTime() ?? Date.now(),
  };
}

type EventRowJson = ReturnType<typeof eventRow>;

/**
 * The events of an append as the log holds them, built from the JSON text it sent: parsing that
 * text gives data and metadata the same values the database parsed (no `undefined`, dates as strings).
 */
function committedEvents(sent: string, rows: readonly EventRowJson[], written: Written, streamPosition: (row: EventRowJson) => number): CommittedEvents {
  const positions = written.positions.map(Number);
  return {
    positions,
    types: rows.map((row) => row.t),
    transactionId: written.transaction_id,
    materialize: () => recordedEvents(rows.every(survivesJson) ? rows : (JSON.parse(sent) as EventRowJson[]), written, positions, streamPosition),
  };
}

/**
 * Whether JSON gives this row back unchanged, so its objects can serve as the events a read returns:
 * parsing the batch's text again for every append was a visible share of a scan's CPU. Events are
 * not changed once appended, so sharing the appender's data objects with live readers is safe.
 */
const survivesJson = (row: EventRowJson): boolean => (row.d === undefined || isJsonValue(row.d)) && isJsonValue(row.m);

/** A value JSON.stringify then JSON.parse returns as it was: no Date, undefined, -0, NaN, array hole or class instance anywhere in it. */
function isJsonValue(value: unknown): boolean {
  switch (typeof value) {
    case 'string':
    case 'boolean':
      return true;
    case 'number':
      return Number.isFinite(value) && !Object.is(value, -0);
    case 'object': {
      if (value === null) return true;
      if (Array.isArray(value)) {
        for (let i = 0; i < value.length; i++) if (!isJsonValue(value[i])) return false;
        return true;
      }
      const prototype = Object.getPrototypeOf(value);
      if (prototype !== Object.prototype && prototype !== null) return false;
      for (const key in value) if (!isJsonValue((value as Record<string, unknown>)[key])) return false;
      return true;
    }
    default:
      return false;
  }
}

function recordedEvents(
  rows: readonly EventRowJson[],
  written: Written,
  positions: readonly number[],
  streamPosition: (row: EventRowJson) => number,
): RecordedEvent[] {
  return rows.map((row, index) => ({
    id: row.e!,
    type: row.t,
    data: row.d ?? null,
    metadata: row.m,
    schemaVersion: row.v,
    streamId: row.s,
    streamPosition: streamPosition(row),
    globalPosition: positions[index]!,
    transactionId: written.transaction_id,
    occurredAt: new Date(row.o),
    recordedAt: written.recorded_at,
  }));
}

function byCodeUnits(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/**
 * Spelled out rather than spread: on Node 20 `{ ...event, id }` costs over a microsecond, and the
 * hot paths hand in one event per request.
 */
function withEventIds({ streamId, expectedVersion, events }: AppendRequest): AppendRequest {
  return {
    streamId,
    expectedVersion,
    events: events.map(({ id, type, data, metadata, schemaVersion, occurredAt }) => ({
      id: id ?? newEventId(),
      type,
      data,
      metadata,
      schemaVersion,
      occurredAt,
    })),
  };
}

/** A stream another transaction created since this one looked makes the whole batch start again. */
async function createStreams(tx: SqlExecutor, created: [string, number][]): Promise<void> {
  // Sorted for the same reason as the locks: two batches creating the same streams wait, never deadlock.
  const sorted = [...created].sort(([a], [b]) => byCodeUnits(a, b));
  const { rows } = await tx.query(
    `INSERT INTO es_streams (stream_id, stream_type, version)
       SELECT * FROM unnest($1::text[], $2::text[], $3::bigint[])
     ON CONFLICT (stream_id) DO NOTHING RETURNING stream_id`,
    [sorted.map(([id]) => id), sorted.map(([id]) => streamTypeOf(id)), sorted.map(([, version]) => version)],
  );
  if (rows.length !== sorted.length) throw new StreamCreatedConcurrently();
}

/** A batch of one request that expects a version of its stream and appends something: appendExpected's. */
function isExpectingOneVersion(requests: readonly AppendRequest[]): requests is [AppendRequest & { expectedVersion: number }] {
  return requests.length === 1 && typeof requests[0]!.expectedVersion === 'number' && requests[0]!.events.length > 0;
}

function streamTypeOf(streamId: string): string {
  const dash = streamId.indexOf('-');
  return dash > 0 ? streamId.slice(0, dash) : streamId;
}

/** `snap.xmin`, the horizon below which every transaction has ended, taken in the statement's own snapshot. */
const SNAPSHOT = `WITH snap AS (SELECT pg_snapshot_xmin(pg_current_snapshot()) AS xmin)`;

/** The next `$3` events after the checkpoint (`$1`, `$2`) of the types `$4` (null: all), below the horizon. */
const logAfter = (columns: string) => `SELECT ${columns} FROM es_events
          WHERE (transaction_id, global_position) > ($1::xid8, $2::bigint)
            AND transaction_id < (SELECT xmin FROM snap)
            AND ($4::text[] IS NULL OR type = ANY($4::text[]))
          -- Qualified, so a column listed as text under the same name (transaction_id::text) cannot make '1000' sort before '999'.
          ORDER BY es_events.transaction_id, es_events.global_position LIMIT $3`;

/** The horizon and the events after the checkpoint, in one statement and so one snapshot. */
const READ_LOG = `${SNAPSHOT}
       SELECT snap.xmin::text AS horizon, e.* FROM snap LEFT JOIN LATERAL (${logAfter(EVENT_JSON)}) e ON true`;

interface LoggedPositions {
  horizon: string;
  /** In log order; null when there is no event to read. */
  positions: number[] | null;
  /** Each position's transaction id. */
  transactions: string[] | null;
}

/**
 * What READ_LOG reads, as positions and transaction ids only, in one row of two JSON arrays: a row
 * an event would cost the driver a row parse per event, on the scan path. The
 * arrays take the sorted rows' order without sorting again (a sort inside each aggregate doubled
 * the statement's time); PostgreSQL keeps that order in practice but does not promise it, so the
 * reader checks it.
 */
const READ_LOG_POSITIONS = `${SNAPSHOT}
       SELECT (SELECT xmin::text FROM snap) AS horizon, json_agg(global_position) AS positions, json_agg(transaction_id::text) AS transactions
         FROM (${logAfter('global_position, transaction_id')}) listed`;

const inLogOrder = (events: readonly RecordedEvent[]): boolean => events.every((event, i) => i === 0 || compareCheckpoints(events[i - 1]!, event) < 0);

function readResult(from: Checkpoint, limit: number, events: RecordedEvent[], horizon: string): ReadAllResult {
  const caughtUp = events.length < limit;
  const last = events.at(-1);
  const checkpoint: Checkpoint = caughtUp
    ? // Every transaction below the horizon has ended and all of them have been read.
      maxCheckpoint(from, { transactionId: horizon, globalPosition: 0 })
    : { transactionId: last!.transactionId, globalPosition: last!.globalPosition };
  return { events, checkpoint, caughtUp };
}

function maxCheckpoint(a: Checkpoint, b: Checkpoint): Checkpoint {
  return compareCheckpoints(a, b) >= 0 ? a : b;
}

function toRecordedEvent(row: EventRow): RecordedEvent {
  const [globalPosition, transactionId, streamId, streamPosition, id, type, schemaVersion, data, metadata, occurredAt, recordedAt] = JSON.parse(
    row.event,
  ) as EventJson;
  return {
    id,
    type,
    data,
    metadata,
    schemaVersion,
    streamId,
    streamPosition,
    globalPosition,
    transactionId,
    occurredAt: new Date(occurredAt),
    recordedAt: new Date(recordedAt),
  };
}
