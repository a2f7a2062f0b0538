import { QrDesign } from '@qr/contracts';
import { codeStreamId, folderStreamId, noteStreamId, type CodeEvent, type FolderEvent, type NoteEvent } from '@qr/domain';
import { testAdapters } from '@qr/platform/testing';
import { projectionTestbed } from '@qr/projections-runner/testing';
import { codes, folders, notes } from './index';

const T0 = Date.parse('2025-03-01T09:00:00Z');
let minute = 0;
/** Each appended event happens a minute after the one before. */
const next = () => new Date(T0 + minute++ * 60_000);
const by = 'ed@example.com';
const FOLDER_A = '00000000-0000-7000-8000-00000000000a';
const FOLDER_B = '00000000-0000-7000-8000-00000000000b';

describe.each(testAdapters())('folders, notes and the codes they sort on $name', (adapter) => {
  const t = projectionTestbed(adapter, [codes, folders, notes], { rebuildBatchSize: 2 });

  const append = (streamId: string, ...events: (CodeEvent | FolderEvent | NoteEvent)[]) =>
    t.store.append({ streamId, expectedVersion: 'any', events: events.map((e) => ({ ...e, occurredAt: next() })) });
  const createCode = (codeId: string) =>
    append(codeStreamId(codeId), {
      type: 'CodeCreated',
      data: {
        code_id: codeId,
        org_id: 'org-1',
        name: `Code ${codeId}`,
        content: { type: 'url', url: 'https://example.com' },
        design: QrDesign.parse({}),
        base_code_id: null,
        created_by: by,
      },
    });
  const createFolder = (folderId: string, name: string) =>
    append(folderStreamId(folderId), { type: 'FolderCreated', data: { folder_id: folderId, org_id: 'org-1', name, created_by: by } });
  const filed = (...code_ids: string[]): FolderEvent => ({ type: 'CodesFiled', data: { code_ids, filed_by: by } });

  const folderOf = async () =>
    Object.fromEntries(
      (await t.db.query<{ code_id: string; folder_id: string | null }>('SELECT code_id, folder_id FROM codes ORDER BY code_id')).rows.map((r) => [
        r.code_id,
        r.folder_id,
      ]),
    );
  const folderRows = async () => (await t.db.query('SELECT folder_id, org_id, name FROM folders ORDER BY name')).rows;
  const noteRows = async () => (await t.db.query('SELECT note_id, code_id, org_id, text, created_by FROM notes ORDER BY note_id')).rows;

  async function sortedHistory(): Promise<void> {
    for (const id of ['AAAAAAAAA1', 'AAAAAAAAA2', 'AAAAAAAAA3', 'AAAAAAAAA4']) await createCode(id);
    await createFolder(FOLDER_A, 'Posters');
    await createFolder(FOLDER_B, 'Flyers');
    await append(folderStreamId(FOLDER_A), filed('AAAAAAAAA1', 'AAAAAAAAA2', 'AAAAAAAAA3'), {
      type: 'FolderRenamed',
      data: { name: 'Big posters', renamed_by: by },
    });
    // Filing into B moves AAAAAAAAA2 out of A; A's later unfiling of it must not take it out of B.
    await append(folderStreamId(FOLDER_B), filed('AAAAAAAAA2', 'AAAAAAAAA4'));
    await append(folderStreamId(FOLDER_A), { type: 'CodesUnfiled', data: { code_ids: ['AAAAAAAAA2', 'AAAAAAAAA3'], unfiled_by: by } });
    await append(folderStreamId(FOLDER_B), { type: 'FolderRemoved', data: { removed_by: by } });
    await append(noteStreamId('n-1'), { type: 'NoteAdded', data: { note_id: 'n-1', code_id: 'AAAAAAAAA1', org_id: 'org-1', text: 'Reprint', added_by: by } });
    await append(
      noteStreamId('n-2'),
      { type: 'NoteAdded', data: { note_id: 'n-2', code_id: 'AAAAAAAAA1', org_id: 'org-1', text: 'Gone', added_by: by } },
      { type: 'NoteDeleted', data: { deleted_by: by } },
    );
  }

  it('puts a code in the folder that filed it last, and in none once unfiled or its folder removed', async () => {
    await sortedHistory();
    await t.runner.start();
    await t.runner.caughtUp();
    expect(await folderOf()).toEqual({ AAAAAAAAA1: FOLDER_A, AAAAAAAAA2: null, AAAAAAAAA3: null, AAAAAAAAA4: null });
    expect(await folderRows()).toEqual([{ folder_id: FOLDER_A, org_id: 'org-1', name: 'Big posters' }]);
    expect(await noteRows()).toEqual([{ note_id: 'n-1', code_id: 'AAAAAAAAA1', org_id: 'org-1', text: 'Reprint', created_by: by }]);
  });

  it('keeps a code moved to another folder there when its old folder unfiles it', async () => {
    await createCode('CCCCCCCCC1');
    await createFolder(FOLDER_A, 'Posters');
    await createFolder(FOLDER_B, 'Flyers');
    await append(folderStreamId(FOLDER_A), filed('CCCCCCCCC1'));
    await append(folderStreamId(FOLDER_B), filed('CCCCCCCCC1'));
    await append(folderStreamId(FOLDER_A), { type: 'CodesUnfiled', data: { code_ids: ['CCCCCCCCC1'], unfiled_by: by } });
    await t.runner.start();
    await t.runner.caughtUp();
    expect(await folderOf()).toEqual({ CCCCCCCCC1: FOLDER_B });
  });

  it('rebuilds to the same rows, replay after replay', async () => {
    await sortedHistory();
    await t.runner.start();
    await t.runner.caughtUp();
    const live = [await folderOf(), await folderRows(), await noteRows()];
    for (const _ of [1, 2]) {
      for (const name of ['codes', 'folders', 'notes']) await t.runner.rebuild(name);
      expect([await folderOf(), await folderRows(), await noteRows()]).toEqual(live);
    }
  });
});
