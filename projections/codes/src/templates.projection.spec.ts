import { QrDesign, TEMPLATE_GALLERY } from '@qr/contracts';
import { templateDecider, templateStreamId, type TemplateCommand, type TemplateState } from '@qr/domain';
import type { ExpectedVersion } from '@qr/eventstore';
import { testAdapters } from '@qr/platform/testing';
import { projectionTestbed } from '@qr/projections-runner/testing';
import { templates } from './index';

const actor = { id: 'ed@example.com', role: 'editor' } as const;
const T0 = new Date('2025-03-01T09:00:00Z');
const design = QrDesign.parse({ foreground: '#112233' });
const page = TEMPLATE_GALLERY.find((template) => template.page !== null)!.page;

type Command = TemplateCommand extends infer C ? (C extends { actor: unknown } ? Omit<C, 'actor'> : never) : never;

describe.each(testAdapters())('the templates read model on $name', (adapter) => {
  const t = projectionTestbed(adapter, [templates], { rebuildBatchSize: 1 });

  async function history(templateId: string, commands: Command[]): Promise<void> {
    let state: TemplateState = templateDecider.initialState;
    let expectedVersion: ExpectedVersion = 'no_stream';
    for (const command of commands) {
      const events = templateDecider.decide({ actor, ...command } as TemplateCommand, state);
      state = events.reduce(templateDecider.evolve, state);
      const appended = await t.store.append({ streamId: templateStreamId(templateId), expectedVersion, events: events.map((e) => ({ ...e, occurredAt: T0 })) });
      expectedVersion = appended.nextExpectedVersion;
    }
  }
  const save = (template_id: string, withPage: boolean): Command => ({
    type: 'SaveTemplate',
    template_id,
    org_id: 'org-1',
    name: 'Check-in',
    description: '',
    content: { type: 'page' },
    design,
    page: withPage ? page : null,
    source_code_id: null,
  });
  const rows = async () => (await t.db.query<Record<string, unknown>>('SELECT template_id, name, design, page FROM templates ORDER BY template_id')).rows;

  it('lists saved templates with their design and page, drops deleted ones, and replays to the same rows', async () => {
    await history('t-1', [save('t-1', true)]);
    await history('t-2', [save('t-2', false), { type: 'DeleteTemplate' }]);
    await history('t-3', [save('t-3', false)]);
    await t.runner.start();
    await t.runner.caughtUp();
    const live = await rows();
    expect(live).toEqual([
      { template_id: 't-1', name: 'Check-in', design, page },
      { template_id: 't-3', name: 'Check-in', design, page: null },
    ]);
    const report = await t.runner.rebuild('templates');
    expect(report.eventsProcessed).toBe(report.eventsInStore);
    expect(await rows()).toEqual(live);
  });
});
