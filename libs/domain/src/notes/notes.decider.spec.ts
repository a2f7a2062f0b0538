import type { CodeActor } from '../codes';
import { deciderSpec } from '../testing/decider-spec';
import type { AddNote } from './notes.commands';
import { noteDecider } from './notes.decider';
import type { NoteEvent } from './notes.events';

const given = deciderSpec(noteDecider);
const editor: CodeActor = { id: 'ed@example.com', role: 'editor' };
const viewer: CodeActor = { id: 'vi@example.com', role: 'viewer' };
const add = (actor = editor): AddNote => ({ type: 'AddNote', actor, note_id: 'n-1', code_id: 'AAAAAAAAA1', org_id: 'org-1', text: 'Reprint in May' });
const added: NoteEvent = { type: 'NoteAdded', data: { note_id: 'n-1', code_id: 'AAAAAAAAA1', org_id: 'org-1', text: 'Reprint in May', added_by: editor.id } };
const deleted: NoteEvent = { type: 'NoteDeleted', data: { deleted_by: editor.id } };

describe('the note decider', () => {
  it('adds a note for an editor', () => given([]).when(add()).then([added]));
  it('refuses a viewer, who may only read notes', () => {
    given([]).when(add(viewer)).then('forbidden');
    given([added]).when({ type: 'DeleteNote', actor: viewer }).then('forbidden');
  });
  it('refuses to add the same note twice', () => given([added]).when(add()).then('wrong_expected_version'));
  it('deletes a note once; a deleted or unknown note is not found', () => {
    given([added]).when({ type: 'DeleteNote', actor: editor }).then([deleted]);
    given([added, deleted]).when({ type: 'DeleteNote', actor: editor }).then('note_not_found');
    given([]).when({ type: 'DeleteNote', actor: editor }).then('note_not_found');
  });
});
