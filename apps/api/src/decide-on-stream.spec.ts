import { randomUUID } from 'node:crypto';
import { folderDecider, folderStreamId } from '@qr/domain';
import { PostgresEventStore } from '@qr/eventstore';
import type { SqlClient } from '@qr/platform';
import { testAdapters } from '@qr/platform/testing';
import { StreamWriter } from './decide-on-stream';

describe.each(testAdapters())('the stream writer on $name', (adapter) => {
  let db: SqlClient;
  let close: () => Promise<void>;
  let store: PostgresEventStore;
  let writer: StreamWriter;
  beforeAll(async () => {
    ({ db, close } = await adapter.open());
    store = new PostgresEventStore(db);
    writer = new StreamWriter(store);
  });
  afterAll(() => close());

  const actor = { id: 'ada@example.com', role: 'owner' } as const;

  it('appends what the decider decides with the version it read, and answers the events with where the log has them', async () => {
    const folderId = randomUUID();
    const streamId = folderStreamId(folderId);
    const metadata = { org_id: 'org-1', actor: actor.id };
    const created = await writer.decide(
      streamId,
      folderDecider,
      { type: 'CreateFolder', actor, folder_id: folderId, org_id: 'org-1', name: 'Spring' },
      metadata,
    );
    expect(created.events.map((event) => event.type)).toEqual(['FolderCreated']);
    expect(created.appended).toMatchObject({ streamId, nextExpectedVersion: 0, lastGlobalPosition: await store.headPosition() });

    const renamed = await writer.decide(streamId, folderDecider, { type: 'RenameFolder', actor, name: 'Summer' }, metadata);
    expect(renamed.appended).toMatchObject({ streamId, nextExpectedVersion: 1 });
    expect(renamed.appended!.lastGlobalPosition).toBeGreaterThan(created.appended!.lastGlobalPosition);

    // A command that changes nothing appends nothing.
    expect(await writer.decide(streamId, folderDecider, { type: 'RenameFolder', actor, name: 'Summer' }, metadata)).toEqual({ events: [], appended: null });
    expect((await store.readStream(streamId)).version).toBe(1);
  });
});
