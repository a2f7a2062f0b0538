/**
 * The scan bench's middle row: issue 4's recipe with nothing of the product around it. `node:http`
 * answers `GET /{code_id}` with the same 302 as the baseline, but only once a ScanRecorded of the
 * scan's size is durable, appended through the API's own event store and group-committing appender
 * (one batch in flight, one fixed statement with the batch as a single jsonb parameter; see
 * floor-server.ts). No Nest, no visitor facts, no projections, no live readers: what the API spends
 * beyond this row is the product's, and what this row spends beyond the baseline is the durable
 * write's. Started by the scan bench with TARGETS (code id to URL), PORT, HOST, and DATABASE_URL or
 * DATA_DIR as the API takes them.
 */
import { scanStreamId, type ScanRecorded } from '@qr/domain';
import { FLOOR_ORG_ID, serveFloor } from './floor-server';

const targets = new Map<string, string>(JSON.parse(process.env.TARGETS!));

serveFloor((request, response, { appender, shards }) => {
  const codeId = request.url!.slice(1);
  const target = targets.get(codeId);
  if (!target) {
    response.writeHead(404).end();
    return;
  }
  const data: ScanRecorded['data'] = {
    code_id: codeId,
    org_id: FLOOR_ORG_ID,
    source: 'qr',
    device: 'mobile',
    os: 'iOS 17.4',
    browser: 'Mobile Safari 17.4',
    referrer: null,
    language: 'de-DE',
    country: null,
    // A visitor hash is 64 hex digits: the row is as long as a real scan's.
    visitor: '0'.repeat(64),
    bot: false,
  };
  appender
    .append({
      streamId: scanStreamId(codeId, Math.floor(Math.random() * shards)),
      expectedVersion: 'any',
      events: [{ type: 'ScanRecorded', data, occurredAt: new Date(), metadata: { org_id: FLOOR_ORG_ID } }],
    })
    .then(
      () => response.writeHead(302, { location: target, 'cache-control': 'no-store' }).end(),
      () => response.writeHead(503).end(),
    );
});
