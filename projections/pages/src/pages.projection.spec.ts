import { DEFAULT_PAGE_BLOCKS, DEFAULT_PAGE_THEME, DEFAULT_REGISTRATION_FORM, PAGE_THEME_PRESETS, type PageTheme } from '@qr/contracts';
import { pageStreamId, type PageContent, type PageEvent } from '@qr/domain';
import { testAdapters } from '@qr/platform/testing';
import { projectionTestbed } from '@qr/projections-runner/testing';
import { pages } from './index';

const PAGE_ID = '0b9f6b52-2f0e-4f4e-9a55-0d5c4d7f3e11';
const ids = { page_id: PAGE_ID, code_id: 'AbCdEf1234', org_id: 'org-1', created_by: 'ed@example.com' };
/** A page as events carried it before the thank-you button and themes: neither field is there. */
const before: PageContent = {
  title: 'Welcome',
  vanity_name: null,
  blocks: [...DEFAULT_PAGE_BLOCKS],
  form: [...DEFAULT_REGISTRATION_FORM],
  success_message: 'Thanks!',
};
const sunrise = PAGE_THEME_PRESETS.find((preset) => preset.id === 'sunrise')!;
const custom: PageTheme = { source: 'custom', preset: sunrise.id, style: sunrise.style, background: sunrise.background };
const button = { label: 'See the menu', url: 'https://example.com/menu' };

describe.each(testAdapters())('the pages read model on $name', (adapter) => {
  const t = projectionTestbed(adapter, [pages], { batchSize: 1 });

  async function append(events: PageEvent[]): Promise<void> {
    await t.store.append({ streamId: pageStreamId(PAGE_ID), expectedVersion: 'any', events });
  }
  const row = async () =>
    (await t.db.query<{ success_button: unknown; theme: unknown }>('SELECT success_button, theme FROM pages WHERE page_id = $1', [PAGE_ID])).rows[0];

  it('reads a page written before buttons and themes as having no button and the brand kit', async () => {
    await append([{ type: 'PageCreated', data: { ...ids, ...before } }]);
    await t.runner.start();
    await t.runner.caughtUp();
    expect(await row()).toEqual({ success_button: null, theme: DEFAULT_PAGE_THEME });
  });

  it('keeps the button and the theme an update sets, then what the next update sets, replay after replay', async () => {
    await append([
      { type: 'PageCreated', data: { ...ids, ...before, success_button: null, theme: DEFAULT_PAGE_THEME } },
      { type: 'PageUpdated', data: { ...before, success_button: button, theme: custom, updated_by: ids.created_by } },
    ]);
    await t.runner.start();
    await t.runner.caughtUp();
    expect(await row()).toEqual({ success_button: button, theme: custom });

    await append([{ type: 'PageUpdated', data: { ...before, updated_by: ids.created_by } }]);
    await t.runner.caughtUp();
    expect(await row()).toEqual({ success_button: null, theme: DEFAULT_PAGE_THEME });
    await t.runner.rebuild('pages');
    expect(await row()).toEqual({ success_button: null, theme: DEFAULT_PAGE_THEME });
  });
});
