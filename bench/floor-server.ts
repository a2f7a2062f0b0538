/**
 * What the floor servers (scan-floor-server.ts, promo-floor-server.ts) share: a route behind bare
 * `node:http` that appends through the API's own event store and group-committing appender (one
 * batch in flight), on the database the API would open from the same environment (DATABASE_URL or
 * DATA_DIR), listening on PORT and HOST. No Nest, no Fastify, no product code around the append:
 * what the API spends beyond a floor is the product's. SIGTERM, as the bench stops its servers,
 * commits every append promised before the exit.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { SCAN_SHARDS } from '@qr/domain';
import { BatchingAppender, PostgresEventStore } from '@qr/eventstore';
import { openDatabase } from '@qr/platform';

export const FLOOR_ORG_ID = 'bench-org';

export interface FloorAppender {
  appender: BatchingAppender;
  /** How many streams a hot stream is spread over, as the API's HotPathAppender shards them: several on a server, one on PGlite. */
  shards: number;
}

export function serveFloor(route: (request: IncomingMessage, response: ServerResponse, floor: FloorAppender) => void): void {
  main().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });

  async function main(): Promise<void> {
    const database = await openDatabase({ DATABASE_URL: process.env.DATABASE_URL, DATA_DIR: process.env.DATA_DIR ?? './data' });
    const floor = { appender: new BatchingAppender(new PostgresEventStore(database.db)), shards: process.env.DATABASE_URL ? SCAN_SHARDS : 1 };
    const server = createServer((request, response) => route(request, response, floor));
    server.listen(Number(process.env.PORT), process.env.HOST);
    process.once('SIGTERM', () => {
      server.close();
      void floor.appender
        .drained()
        .then(() => database.close())
        .then(() => process.exit(0));
    });
  }
}
