import { QrDesign, type CodeContent } from '@qr/contracts';
import { codeDecider, codeStreamId, type CodeCommand, type CodeState } from '@qr/domain';
import type { ExpectedVersion } from '@qr/eventstore';
import { testAdapters } from '@qr/platform/testing';
import { projectionTestbed } from '@qr/projections-runner/testing';
import { codes } from './index';

const actor = { id: 'ed@example.com', role: 'editor' } as const;
const T0 = Date.parse('2025-03-01T09:00:00Z');
/** The nth command's events happened n minutes after T0. */
const at = (n: number) => new Date(T0 + n * 60_000);
const design = QrDesign.parse({ foreground: '#112233' });
const menu: CodeContent = { type: 'url', url: 'https://example.com/menu' };

type Command = CodeCommand extends infer C ? (C extends { actor: unknown } ? Omit<C, 'actor'> : never) : never;

describe.each(testAdapters())('the codes read model on $name', (adapter) => {
  const t = projectionTestbed(adapter, [codes], { rebuildBatchSize: 2 });

  /** Runs commands through the real decider and appends what it decides, as the API's handler does. */
  async function history(codeId: string, commands: Command[]): Promise<void> {
    let state: CodeState = codeDecider.initialState;
    let expectedVersion: ExpectedVersion = 'no_stream';
    for (const [n, command] of commands.entries()) {
      const events = codeDecider.decide({ actor, ...command } as CodeCommand, state);
      state = events.reduce(codeDecider.evolve, state);
      const appended = await t.store.append({ streamId: codeStreamId(codeId), expectedVersion, events: events.map((e) => ({ ...e, occurredAt: at(n) })) });
      expectedVersion = appended.nextExpectedVersion;
    }
  }

  const create = (codeId: string, name = 'Menu'): Command => ({
    type: 'CreateCode',
    code_id: codeId,
    org_id: 'org-1',
    name,
    content: menu,
    design,
    base_code_id: null,
  });
  const rows = async () => (await t.db.query<Record<string, unknown>>('SELECT * FROM codes ORDER BY code_id')).rows;

  it('shows a code with its latest content, design and status', async () => {
    await history('AAAAAAAAA1', [
      create('AAAAAAAAA1'),
      { type: 'UpdateCode', name: 'Sign', content: { type: 'note', text: 'Closed' }, design },
      { type: 'PauseCode' },
    ]);
    await history('AAAAAAAAA2', [create('AAAAAAAAA2', 'Gone'), { type: 'DeleteCode' }]);
    await t.runner.start();
    await t.runner.caughtUp();

    const common = { org_id: 'org-1', design, base_code_id: null, folder_id: null, created_by: actor.id, created_at: at(0) };
    expect(await rows()).toEqual([
      { ...common, code_id: 'AAAAAAAAA1', name: 'Sign', type: 'note', content: { type: 'note', text: 'Closed' }, status: 'paused', updated_at: at(2) },
      { ...common, code_id: 'AAAAAAAAA2', name: 'Gone', type: 'url', content: menu, status: 'deleted', updated_at: at(1) },
    ]);
  });

  it('rebuilds to the same rows, replay after replay', async () => {
    await history('BBBBBBBBB1', [
      create('BBBBBBBBB1'),
      { type: 'PauseCode' },
      { type: 'ResumeCode' },
      { type: 'UpdateCode', name: 'Menu 2', content: menu, design },
    ]);
    await history('BBBBBBBBB2', [create('BBBBBBBBB2'), { type: 'DeleteCode' }]);
    await t.runner.start();
    await t.runner.caughtUp();
    const live = await rows();
    for (const replay of [1, 2]) {
      const report = await t.runner.rebuild('codes');
      expect(report).toMatchObject({ generation: replay + 1 });
      expect(report.eventsProcessed).toBe(report.eventsInStore);
      expect(await rows()).toEqual(live);
    }
  });
});
