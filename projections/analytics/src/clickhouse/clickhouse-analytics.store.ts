import type { ClickHouseClient } from '@clickhouse/client';

/**
 * The ClickHouse analytics sink's tables (DESIGN.md §5) and the one client both its projection and
 * its reader use. SQL here must run on ClickHouse 18.16 (Debian's package, which CI runs) and on a
 * current release (docker-compose): no query parameters, no SimpleAggregateFunction, no window
 * functions. Values therefore travel as escaped literals (`literal`).
 *
 * - `analytics_events`: one row per event, what it counts and its breakdown values, the truth the
 *   aggregates are derived from. ReplacingMergeTree ordered by (at, event_id): a redelivered event
 *   has the same key, so merges drop a copy that got past the sink's check (see the projection).
 * - `analytics_hourly`, `analytics_dimensions`: SummingMergeTree fed by materialised views, per
 *   organisation, code and UTC hour. Reads always `sum()` with GROUP BY, so they are exact before
 *   merges too; the whole organisation's figures are the sums over its codes.
 * - `analytics_visitors`: AggregatingMergeTree of each visitor's first hour per UTC day and code
 *   (`minState`), so unique visitors count in the hour of their first scan however the log ordered
 *   the scans (for the organisation: the earliest over its codes, merged when read); min is
 *   idempotent, so a redelivered scan changes nothing here even unchecked.
 *
 * Table names carry the projection's version: a new version fills new tables from position 0.
 */
// 3: votes and uploads are counted. 4: games' plays are counted.
export const CLICKHOUSE_ANALYTICS_VERSION = 4;

const IDENTIFIER = /^[A-Za-z_][A-Za-z0-9_]{0,62}$/;

/** A ClickHouse string literal: backslash and quote escaped, as its parser reads them. */
export const literal = (value: string): string => `'${value.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;

export class ClickHouseAnalyticsStore {
  private schema: Promise<void> | null = null;
  private client: Promise<ClickHouseClient> | null = null;

  private constructor(
    private readonly serverUrl: string,
    readonly database: string,
  ) {}

  /** `CLICKHOUSE_URL`: http(s)://user:password@host:8123/database (database `default` when the path is empty). */
  static open(url: string): ClickHouseAnalyticsStore {
    const parsed = new URL(url);
    const database = decodeURIComponent(parsed.pathname.replace(/^\/+|\/+$/g, '')) || 'default';
    if (!IDENTIFIER.test(database)) throw new Error(`CLICKHOUSE_URL names the database "${database}": use letters, digits and _ only.`);
    // The database is named in every statement, so that the first one can create it.
    parsed.pathname = '/';
    return new ClickHouseAnalyticsStore(parsed.toString(), database);
  }

  table(name: 'events' | 'hourly' | 'dimensions' | 'visitors'): string {
    return `${this.database}.analytics_${name}_v${CLICKHOUSE_ANALYTICS_VERSION}`;
  }

  /** Creates the database and tables once per process; a failure (server down) is retried on the next call. */
  ready(): Promise<void> {
    this.schema ??= this.createSchema().catch((error: unknown) => {
      this.schema = null;
      throw error;
    });
    return this.schema;
  }

  async rows<Row>(query: string): Promise<Row[]> {
    await this.ready();
    return (await (await this.connected()).query({ query, format: 'JSONEachRow' })).json<Row>();
  }

  async insert(table: string, values: readonly object[]): Promise<void> {
    await (await this.connected()).insert({ table, values, format: 'JSONEachRow' });
  }

  /** A statement without a result (DDL). */
  async command(query: string): Promise<void> {
    await (await this.connected()).command({ query });
  }

  async close(): Promise<void> {
    await (await this.client)?.close();
  }

  /**
   * The client, and @clickhouse/client with it, is loaded by the first request: the analytics
   * module exports this store to every process, and only one with CLICKHOUSE_URL set talks to
   * ClickHouse: loaded at start, the module would sit in the heap of every embedded server.
   */
  private connected(): Promise<ClickHouseClient> {
    this.client ??= import('@clickhouse/client').then(({ createClient, ClickHouseLogLevel }) =>
      createClient({
        url: this.serverUrl,
        request_timeout: 30_000,
        // A kept-alive socket that the server closed while a busy event loop (PGlite's WASM) delayed
        // the client's idle timer fails the next request with ECONNRESET (seen here on 18.16). A
        // connection per request costs a loopback handshake; requests are few and large.
        keep_alive: { enabled: false },
        // Failures reach the caller, which logs them once (the runner: "projection batch failed; retrying").
        log: { level: ClickHouseLogLevel.OFF },
      }),
    );
    return this.client;
  }

  private async createSchema(): Promise<void> {
    const [events, hourly, dimensions, visitors] = [this.table('events'), this.table('hourly'), this.table('dimensions'), this.table('visitors')];
    // One view per aggregate, keyed by code: the organisation's figures are summed (and its visitors
    // merged) over its codes when read. Version 1 also kept a copy under code '' for the whole
    // organisation, which doubled the views every insert feeds, for reads that add up a few dozen
    // codes' rows per hour at most.
    const view = (target: string, select: string) => `CREATE MATERIALIZED VIEW IF NOT EXISTS ${target}_view TO ${target} AS ${select}`;
    const statements = [
      `CREATE DATABASE IF NOT EXISTS ${this.database}`,
      `CREATE TABLE IF NOT EXISTS ${events} (
         event_id String, org_id String, code String, at DateTime('UTC'),
         is_scan UInt8, is_qr_scan UInt8, is_link_visit UInt8, is_bot UInt8, is_submission UInt8, is_vote UInt8, is_upload UInt8, is_play UInt8, is_event UInt8,
         visitor_key String, dimension_names Array(String), dimension_values Array(String)
       ) ENGINE = ReplacingMergeTree() PARTITION BY toYYYYMM(at) ORDER BY (at, event_id)`,
      `CREATE TABLE IF NOT EXISTS ${hourly} (
         org_id String, code_id String, hour DateTime('UTC'),
         scans UInt64, qr_scans UInt64, link_visits UInt64, bots UInt64, submissions UInt64, votes UInt64, uploads UInt64, plays UInt64, events UInt64
       ) ENGINE = SummingMergeTree() PARTITION BY toYYYYMM(hour) ORDER BY (org_id, code_id, hour)`,
      view(
        hourly,
        `SELECT org_id, code AS code_id, toStartOfHour(at) AS hour,
                sum(is_scan) AS scans, sum(is_qr_scan) AS qr_scans, sum(is_link_visit) AS link_visits, sum(is_bot) AS bots,
                sum(is_submission) AS submissions, sum(is_vote) AS votes, sum(is_upload) AS uploads, sum(is_play) AS plays, sum(is_event) AS events
           FROM ${events} GROUP BY org_id, code_id, hour`,
      ),
      `CREATE TABLE IF NOT EXISTS ${dimensions} (
         org_id String, code_id String, hour DateTime('UTC'), dimension String, value String, count UInt64
       ) ENGINE = SummingMergeTree() PARTITION BY toYYYYMM(hour) ORDER BY (org_id, code_id, hour, dimension, value)`,
      view(
        dimensions,
        `SELECT org_id, code AS code_id, toStartOfHour(at) AS hour, dimension, value, count() AS count
           FROM ${events} ARRAY JOIN dimension_names AS dimension, dimension_values AS value
          GROUP BY org_id, code_id, hour, dimension, value`,
      ),
      `CREATE TABLE IF NOT EXISTS ${visitors} (
         org_id String, code_id String, day Date, visitor UInt64, first AggregateFunction(min, DateTime('UTC'))
       ) ENGINE = AggregatingMergeTree() PARTITION BY toYYYYMM(day) ORDER BY (org_id, code_id, day, visitor)`,
      view(
        visitors,
        `SELECT org_id, code AS code_id, toDate(at) AS day, sipHash64(visitor_key) AS visitor, minState(toStartOfHour(at)) AS first
           FROM ${events} WHERE visitor_key != '' GROUP BY org_id, code_id, day, visitor`,
      ),
    ];
    for (const query of statements) await this.command(query);
  }
}
