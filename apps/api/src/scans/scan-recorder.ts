import { Injectable } from '@nestjs/common';
import { scanStreamId, type ScanRecorded } from '@qr/domain';
import { HotPathAppender } from '../hot-path-appender';

/** Appends scans through the process's group-committing appender: the 302 waits until the scan is durable. */
@Injectable()
export class ScanRecorder {
  constructor(private readonly appender: HotPathAppender) {}

  async record(data: ScanRecorded['data'], at: Date): Promise<void> {
    const event: ScanRecorded = { type: 'ScanRecorded', data };
    await this.appender.append({
      streamId: scanStreamId(data.code_id, this.appender.shard()),
      expectedVersion: 'any',
      events: [{ ...event, occurredAt: at, metadata: { org_id: data.org_id } }],
    });
  }
}
