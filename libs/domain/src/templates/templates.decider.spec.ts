import { QrDesign, type CodeContent } from '@qr/contracts';
import { deciderSpec } from '../testing/decider-spec';
import type { CodeActor } from '../codes';
import type { SaveTemplate } from './templates.commands';
import { templateDecider } from './templates.decider';
import type { TemplateEvent } from './templates.events';

const given = deciderSpec(templateDecider);
const editor: CodeActor = { id: 'ed@example.com', role: 'editor' };
const viewer: CodeActor = { id: 'vi@example.com', role: 'viewer' };
const content: CodeContent = { type: 'url', url: 'https://example.com/menu' };
const design = QrDesign.parse({ foreground: '#1b2a4a' });

const save = (actor = editor): SaveTemplate => ({
  type: 'SaveTemplate',
  actor,
  template_id: '6f1d2c1e-0000-4000-8000-000000000001',
  org_id: 'org-1',
  name: 'Menu',
  description: 'Table tents',
  content,
  design,
  page: null,
  source_code_id: 'AbCdEf1234',
});
const saved: TemplateEvent = {
  type: 'TemplateSaved',
  data: {
    template_id: save().template_id,
    org_id: 'org-1',
    name: 'Menu',
    description: 'Table tents',
    content,
    design,
    page: null,
    source_code_id: 'AbCdEf1234',
    saved_by: editor.id,
  },
};
const deleted: TemplateEvent = { type: 'TemplateDeleted', data: { deleted_by: editor.id } };

describe('the template decider', () => {
  it('saves a template for an editor, with everything the code had', () => given([]).when(save()).then([saved]));
  it('refuses a viewer, who may not change codes either', () => given([]).when(save(viewer)).then('forbidden'));
  it('refuses to save the same template id twice', () => given([saved]).when(save()).then('wrong_expected_version'));
  it('deletes a saved template once; a deleted or unknown one is not found', () => {
    given([saved]).when({ type: 'DeleteTemplate', actor: editor }).then([deleted]);
    given([saved, deleted]).when({ type: 'DeleteTemplate', actor: editor }).then('template_not_found');
    given([]).when({ type: 'DeleteTemplate', actor: editor }).then('template_not_found');
  });
});
