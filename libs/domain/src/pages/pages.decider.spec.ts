import { DEFAULT_PAGE_BLOCKS, DEFAULT_REGISTRATION_FORM } from '@qr/contracts';
import type { CodeActor } from '../codes';
import { deciderSpec } from '../testing/decider-spec';
import type { PageCommand } from './pages.commands';
import { pageDecider } from './pages.decider';
import type { PageContent, PageEvent } from './pages.events';

const given = deciderSpec(pageDecider);
const editor: CodeActor = { id: 'ed@example.com', role: 'editor' };
const viewer: CodeActor = { id: 'vi@example.com', role: 'viewer' };
const content: PageContent = {
  title: 'Welcome',
  vanity_name: null,
  blocks: [...DEFAULT_PAGE_BLOCKS],
  form: [...DEFAULT_REGISTRATION_FORM],
  success_message: 'Thanks!',
};
const ids = { page_id: '0b9f6b52-2f0e-4f4e-9a55-0d5c4d7f3e11', code_id: 'AbCdEf1234', org_id: 'org-1' };

const create = (actor = editor): PageCommand => ({ type: 'CreatePage', actor, ...ids, ...content });
const created: PageEvent = { type: 'PageCreated', data: { ...ids, ...content, created_by: editor.id } };
const deleted: PageEvent = { type: 'PageDeleted', data: { deleted_by: editor.id } };

describe('the page decider', () => {
  it('creates a page for an editor, and refuses a viewer', () => {
    given([]).when(create()).then([created]);
    given([]).when(create(viewer)).then('forbidden');
  });

  it('refuses to create the same page twice', () => given([created]).when(create()).then('wrong_expected_version'));

  it('replaces the whole page on update', () =>
    given([created])
      .when({ type: 'UpdatePage', actor: editor, ...content, title: 'Doors at 7' })
      .then([{ type: 'PageUpdated', data: { ...content, title: 'Doors at 7', updated_by: editor.id } }]));

  it('deletes once; a deleted or unknown page is not found', () => {
    given([created]).when({ type: 'DeletePage', actor: editor }).then([deleted]);
    given([created, deleted]).when({ type: 'DeletePage', actor: editor }).then('page_not_found');
    given([created, deleted])
      .when({ type: 'UpdatePage', actor: editor, ...content })
      .then('page_not_found');
    given([])
      .when({ type: 'UpdatePage', actor: editor, ...content })
      .then('page_not_found');
  });

  it('lets a viewer change nothing', () => given([created]).when({ type: 'DeletePage', actor: viewer }).then('forbidden'));
});
