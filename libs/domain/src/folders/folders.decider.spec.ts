import { deciderSpec } from '../testing/decider-spec';
import type { CodeActor } from '../codes';
import { folderDecider } from './folders.decider';
import type { FolderEvent } from './folders.events';

const given = deciderSpec(folderDecider);
const editor: CodeActor = { id: 'ed@example.com', role: 'editor' };
const viewer: CodeActor = { id: 'vi@example.com', role: 'viewer' };

const created: FolderEvent = { type: 'FolderCreated', data: { folder_id: 'f-1', org_id: 'org-1', name: 'Posters', created_by: editor.id } };
const removed: FolderEvent = { type: 'FolderRemoved', data: { removed_by: editor.id } };

describe('the folder decider', () => {
  it('creates a folder for an editor', () =>
    given([]).when({ type: 'CreateFolder', actor: editor, folder_id: 'f-1', org_id: 'org-1', name: 'Posters' }).then([created]));

  it('refuses a viewer anything, even filing', () => {
    given([]).when({ type: 'CreateFolder', actor: viewer, folder_id: 'f-1', org_id: 'org-1', name: 'Posters' }).then('forbidden');
    given([created])
      .when({ type: 'FileCodes', actor: viewer, code_ids: ['AAAAAAAAA1'] })
      .then('forbidden');
  });

  it('refuses to create the same folder twice', () =>
    given([created]).when({ type: 'CreateFolder', actor: editor, folder_id: 'f-1', org_id: 'org-1', name: 'Again' }).then('wrong_expected_version'));

  it('renames, and records nothing when the name is the same', () => {
    given([created])
      .when({ type: 'RenameFolder', actor: editor, name: 'Flyers' })
      .then([{ type: 'FolderRenamed', data: { name: 'Flyers', renamed_by: editor.id } }]);
    given([created]).when({ type: 'RenameFolder', actor: editor, name: 'Posters' }).then([]);
  });

  it('files and unfiles codes, and records nothing for an empty list (a repeated request)', () => {
    given([created])
      .when({ type: 'FileCodes', actor: editor, code_ids: ['AAAAAAAAA1', 'AAAAAAAAA2'] })
      .then([{ type: 'CodesFiled', data: { code_ids: ['AAAAAAAAA1', 'AAAAAAAAA2'], filed_by: editor.id } }]);
    given([created]).when({ type: 'FileCodes', actor: editor, code_ids: [] }).then([]);
    given([created])
      .when({ type: 'UnfileCodes', actor: editor, code_ids: ['AAAAAAAAA1'] })
      .then([{ type: 'CodesUnfiled', data: { code_ids: ['AAAAAAAAA1'], unfiled_by: editor.id } }]);
    given([created]).when({ type: 'UnfileCodes', actor: editor, code_ids: [] }).then([]);
  });

  it('removes a folder once; afterwards it is not found for anything', () => {
    given([created]).when({ type: 'RemoveFolder', actor: editor }).then([removed]);
    given([created, removed]).when({ type: 'RemoveFolder', actor: editor }).then('folder_not_found');
    given([created, removed])
      .when({ type: 'FileCodes', actor: editor, code_ids: ['AAAAAAAAA1'] })
      .then('folder_not_found');
    given([created, removed]).when({ type: 'RenameFolder', actor: editor, name: 'Back' }).then('folder_not_found');
  });

  it('treats a folder that was never created as not found', () => given([]).when({ type: 'RenameFolder', actor: editor, name: 'x' }).then('folder_not_found'));
});
