import { QrDesign, type CodeContent } from '@qr/contracts';
import { deciderSpec } from '../testing/decider-spec';
import type { CodeActor, CodeCommand } from './codes.commands';
import { codeDecider } from './codes.decider';
import type { CodeEvent } from './codes.events';

const given = deciderSpec(codeDecider);
const editor: CodeActor = { id: 'ed@example.com', role: 'editor' };
const viewer: CodeActor = { id: 'vi@example.com', role: 'viewer' };
const design = QrDesign.parse({});
const url: CodeContent = { type: 'url', url: 'https://example.com/menu' };
const note: CodeContent = { type: 'note', text: 'Back at 3' };

const create = (actor = editor): CodeCommand => ({
  type: 'CreateCode',
  actor,
  code_id: 'AbCdEf1234',
  org_id: 'org-1',
  name: 'Menu',
  content: url,
  design,
  base_code_id: null,
});
const created: CodeEvent = {
  type: 'CodeCreated',
  data: { code_id: 'AbCdEf1234', org_id: 'org-1', name: 'Menu', content: url, design, base_code_id: null, created_by: editor.id },
};
const paused: CodeEvent = { type: 'CodePaused', data: { paused_by: editor.id } };
const deleted: CodeEvent = { type: 'CodeDeleted', data: { deleted_by: editor.id } };

describe('the code decider', () => {
  it('creates a code for an editor', () => given([]).when(create()).then([created]));
  it('refuses a viewer', () => given([]).when(create(viewer)).then('forbidden'));
  it('refuses to create the same code twice', () => given([created]).when(create()).then('wrong_expected_version'));

  it('changes content and even type without a new code', () =>
    given([created])
      .when({ type: 'UpdateCode', actor: editor, name: 'Sign', content: note, design })
      .then([{ type: 'CodeUpdated', data: { name: 'Sign', content: note, design, updated_by: editor.id } }]));

  it('pauses once and resumes once', () => {
    given([created]).when({ type: 'PauseCode', actor: editor }).then([paused]);
    given([created, paused]).when({ type: 'PauseCode', actor: editor }).then([]);
    given([created, paused])
      .when({ type: 'ResumeCode', actor: editor })
      .then([{ type: 'CodeResumed', data: { resumed_by: editor.id } }]);
    given([created]).when({ type: 'ResumeCode', actor: editor }).then([]);
  });

  it('treats a deleted or unknown code as not found', () => {
    given([created, deleted]).when({ type: 'UpdateCode', actor: editor, name: 'x', content: url, design }).then('code_not_found');
    given([created, deleted]).when({ type: 'ResumeCode', actor: editor }).then('code_not_found');
    given([created, deleted]).when({ type: 'DeleteCode', actor: editor }).then('code_not_found');
    given([]).when({ type: 'PauseCode', actor: editor }).then('code_not_found');
  });

  it('lets a viewer change nothing, not even pause', () => given([created]).when({ type: 'PauseCode', actor: viewer }).then('forbidden'));
});
