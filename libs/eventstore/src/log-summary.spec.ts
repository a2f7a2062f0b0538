import { LogSummary, type LogLook } from './log-summary';

/** A log whose looks are scripted: each look reaches the next horizon with the types listed for it. */
function scriptedLog(looks: LogLook[]) {
  const seen: (string | undefined)[] = [];
  let clock = 0;
  const summary = new LogSummary(
    async (since) => {
      seen.push(since);
      const look = looks.shift();
      if (!look) throw new Error('no look left in the script');
      return look;
    },
    () => clock,
  );
  return { summary, seen, advance: (ms: number) => (clock += ms) };
}

const at = (transactionId: string, globalPosition = 0) => ({ transactionId, globalPosition });
const CODES = ['CodeCreated', 'CodeUpdated'];

describe('LogSummary.quietAfter', () => {
  it('answers a reader at or past the first horizon with no events and the horizon, and a reader behind it with nothing', async () => {
    const { summary, seen } = scriptedLog([{ horizon: '100', types: [] }]);

    expect(await summary.quietAfter(at('90', 7), CODES, 250)).toBeUndefined();
    expect(await summary.quietAfter(at('100'), CODES, 250)).toEqual({ events: [], checkpoint: at('100'), caughtUp: true });
    // Within its age the look is shared: the log was asked once, for its horizon alone.
    expect(seen).toEqual([undefined]);
  });

  it('moves a reader to the newest horizon when the types written since its checkpoint are none of its own', async () => {
    const { summary, seen, advance } = scriptedLog([
      { horizon: '100', types: [] },
      { horizon: '120', types: ['ScanRecorded'] },
    ]);
    await summary.quietAfter(at('100'), CODES, 250);
    advance(300);

    expect(await summary.quietAfter(at('100'), CODES, 250)).toEqual({ events: [], checkpoint: at('120'), caughtUp: true });
    expect(seen).toEqual([undefined, '100']);
  });

  it('leaves a reader to the log when one of its types was written after its checkpoint, and not when only before it', async () => {
    const { summary, advance } = scriptedLog([
      { horizon: '100', types: [] },
      { horizon: '120', types: ['CodeCreated', 'ScanRecorded'] },
      { horizon: '140', types: ['ScanRecorded'] },
    ]);
    await summary.quietAfter(at('100'), CODES, 250);
    advance(300);
    await summary.quietAfter(at('100'), CODES, 250);
    advance(300);

    expect(await summary.quietAfter(at('100'), CODES, 250)).toBeUndefined();
    expect(await summary.quietAfter(at('119', 40), CODES, 250)).toBeUndefined();
    // Every transaction below 120 was read by a reader whose checkpoint is there.
    expect(await summary.quietAfter(at('120'), CODES, 250)).toEqual({ events: [], checkpoint: at('140'), caughtUp: true });
  });

  it('keeps a reader ahead of the horizon where it is', async () => {
    const { summary } = scriptedLog([{ horizon: '100', types: [] }]);
    await summary.quietAfter(at('100'), CODES, 250);

    expect(await summary.quietAfter(at('105', 3), CODES, 250)).toEqual({ events: [], checkpoint: at('105', 3), caughtUp: true });
  });

  it('shares one look among readers that ask at once', async () => {
    const { summary, seen } = scriptedLog([{ horizon: '100', types: [] }]);

    await Promise.all([summary.quietAfter(at('100'), CODES, 250), summary.quietAfter(at('100'), ['FolderCreated'], 250)]);

    expect(seen).toHaveLength(1);
  });

  it('forgets the oldest looks, so a reader from before them is left to the log', async () => {
    const looks: LogLook[] = [{ horizon: '1000', types: [] }];
    for (let i = 1; i <= 300; i++) looks.push({ horizon: String(1000 + i), types: ['ScanRecorded'] });
    const { summary, advance } = scriptedLog(looks);
    for (let i = 0; i <= 300; i++) {
      if (i > 0) advance(300);
      await summary.quietAfter(at('1300'), CODES, 250);
    }

    expect(await summary.quietAfter(at('1000'), CODES, 250)).toBeUndefined();
    expect(await summary.quietAfter(at('1200'), CODES, 250)).toEqual({ events: [], checkpoint: at('1300'), caughtUp: true });
  });
});
