import { randomUUID } from 'node:crypto';
import type { AppendRequest } from '@qr/eventstore';

/**
 * The hot write path the event store is tuned for: a visitor scans a QR code and the scan is
 * appended with expectedVersion 'any' to one of a few shard streams of that code, so a popular code
 * does not funnel every scan through one stream row.
 */
export interface ScanStream {
  streamId: string;
  codeId: string;
  orgId: string;
}

export function scanStreams(codes: number, shardsPerCode: number): ScanStream[] {
  return Array.from({ length: codes }, () => ({ codeId: randomUUID(), orgId: randomUUID() })).flatMap(({ codeId, orgId }) =>
    Array.from({ length: shardsPerCode }, (_, shard) => ({ streamId: `scans-${codeId}-${shard}`, codeId, orgId })),
  );
}

/** One scan as the landing endpoint records it: about 300 bytes of JSON data and metadata, no event id (the store makes one). */
export function scanRequest(stream: ScanStream): AppendRequest {
  return {
    streamId: stream.streamId,
    expectedVersion: 'any',
    events: [
      {
        type: 'CodeScanned',
        data: {
          codeId: stream.codeId,
          visitorId: randomUUID().slice(0, 16),
          country: 'DE',
          city: 'Berlin',
          device: 'mobile',
          os: 'iOS 18.2',
          browser: 'Safari 18',
          referrer: null,
        },
        metadata: { org_id: stream.orgId, actor: 'visitor', correlation_id: randomUUID() },
        occurredAt: new Date(),
      },
    ],
  };
}
