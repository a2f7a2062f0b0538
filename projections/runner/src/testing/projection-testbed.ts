import { PostgresEventStore, type Projection } from '@qr/eventstore';
import { createLogger, type SqlClient } from '@qr/platform';
import type { TestAdapter } from '@qr/platform/testing';
import { ProjectionRunner, type ProjectionRunnerOptions } from '../projection-runner';

/** What one test of a projection spec works with: a database of its own, its event store, and a runner of the projections under test. */
export interface ProjectionTestbed {
  readonly db: SqlClient;
  readonly store: PostgresEventStore;
  readonly runner: ProjectionRunner;
}

/**
 * Gives every test of the enclosing `describe` a fresh testbed on `adapter`, and stops and drops it
 * afterwards. The runner is not started: a test appends first, or starts it first, as it needs.
 * It polls every 20 ms, so a test never waits for the production interval.
 */
export function projectionTestbed(adapter: TestAdapter, projections: readonly Projection[], options: ProjectionRunnerOptions = {}): ProjectionTestbed {
  let current: (ProjectionTestbed & { close(): Promise<void> }) | undefined;
  beforeEach(async () => {
    const { db, close } = await adapter.open();
    const store = new PostgresEventStore(db);
    current = { db, store, close, runner: new ProjectionRunner(db, store, projections, createLogger('silent'), { pollIntervalMs: 20, ...options }) };
  });
  afterEach(async () => {
    await current?.runner.stop();
    await current?.close();
    current = undefined;
  });
  const now = (): ProjectionTestbed => {
    if (!current) throw new Error('The projection testbed exists only inside a test.');
    return current;
  };
  return {
    get db() {
      return now().db;
    },
    get store() {
      return now().store;
    },
    get runner() {
      return now().runner;
    },
  };
}
