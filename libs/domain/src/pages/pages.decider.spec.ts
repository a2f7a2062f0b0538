import { DEFAULT_PAGE_BLOCKS, DEFAULT_PAGE_THEME, DEFAULT_REGISTRATION_FORM, PAGE_THEME_PRESETS, type PageTheme } from '@qr/contracts';
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
  success_button: null,
  theme: DEFAULT_PAGE_THEME,
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

  it('records the thank-you button and the page’s own theme with the rest of the page', () => {
    const { id, style, background } = PAGE_THEME_PRESETS.find((preset) => preset.id === 'sunrise')!;
    const theme: PageTheme = { source: 'custom', preset: id, style, background };
    const success_button = { label: 'See the menu', url: 'https://example.com/menu' };
    given([created])
      .when({ type: 'UpdatePage', actor: editor, ...content, success_button, theme })
      .then([{ type: 'PageUpdated', data: { ...content, success_button, theme, updated_by: editor.id } }]);
  });

  it('gives a page copied from content stored before themes (a saved template) the brand kit and no button', () => {
    const { success_button: _button, theme: _theme, ...before } = content;
    given([])
      .when({ type: 'CreatePage', actor: editor, ...ids, ...before })
      .then([created]);
  });

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
