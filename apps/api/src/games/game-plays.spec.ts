import { randomUUID } from 'node:crypto';
import { GameTerms } from '@qr/contracts';
import { gameStreamId } from '@qr/domain';
import { loadConfig } from '@qr/platform';
import { testAdapters } from '@qr/platform/testing';
import { projectionTestbed } from '@qr/projections-runner/testing';
import { HotPathAppender } from '../hot-path-appender';
import { GameDecisions } from './game-decisions';

const PLAYERS = 500;
const STOCK = 10;
const ONE_PLAYER_PLAYS = 50;
const REPEATS = 20;
const actor = { id: 'owner@example.com', role: 'owner' as const };
const at = () => new Date().toISOString();

const voucher = (id: string, stock: number) => ({ id, label: id, stock, chance: 50, claim: { kind: 'voucher', text: 'A coffee' } });

describe.each(testAdapters())('a game’s stock and play limits under concurrency on $name', (adapter) => {
  const bed = projectionTestbed(adapter, []);
  const config = loadConfig({ NODE_ENV: 'test' });
  let serialisers: GameDecisions[] = [];

  afterEach(async () => {
    await Promise.all(serialisers.map((serialiser) => serialiser.onModuleDestroy()));
    serialisers = [];
  });

  /** One API process's serialiser, with an appender of its own, over the shared store. */
  const apiProcess = () => {
    const serialiser = new GameDecisions(bed.store, new HotPathAppender(bed.store, config));
    serialisers.push(serialiser);
    return serialiser;
  };

  /** An open wheel whose prizes' chances add up to 100 %: every play wins while the stock of 3 + 7 lasts. */
  const openGame = async (decisions: GameDecisions, terms: object = {}) => {
    const gameId = randomUUID();
    const parsed = GameTerms.parse({ name: 'Spin', kind: 'wheel', prizes: [voucher('coffee', 3), voucher('cake', STOCK - 3)], ...terms });
    await decisions.decide(gameId, { type: 'CreateGame', actor, at: at(), game_id: gameId, org_id: 'games-org', code_id: 'GamesCode', terms: parsed, seed: 7 });
    await decisions.decide(gameId, { type: 'ChangeGame', action: 'open', actor, at: at() });
    return gameId;
  };

  const play = (decisions: GameDecisions, gameId: string, player: string) =>
    decisions.decide(gameId, { type: 'PlayGame', player, play_id: randomUUID(), nickname: '', draw: Math.random(), at: at() }).then(
      (decision) => decision.answer.play?.prize_id ?? 'none',
      (error: { code?: string }) => `refused:${error.code ?? 'error'}`,
    );

  /** Winners per prize as the stream recorded them: what the read model and every later decision start from. */
  const recordedWins = async (gameId: string) => {
    const { events } = await bed.store.readStream(gameStreamId(gameId));
    const wins = new Map<string, number>();
    for (const event of events) {
      const prizeId = event.type === 'GamePlayed' ? (event.data as { prize_id: string | null }).prize_id : null;
      if (prizeId !== null) wins.set(prizeId, (wins.get(prizeId) ?? 0) + 1);
    }
    return { plays: events.filter((event) => event.type === 'GamePlayed').length, wins: Object.fromEntries(wins) };
  };

  const racePlays = async (processes: GameDecisions[]) => {
    const gameId = await openGame(processes[0]!);
    const outcomes = await Promise.all(Array.from({ length: PLAYERS }, (_, i) => play(processes[i % processes.length]!, gameId, `player-${i}`)));
    return { gameId, outcomes };
  };

  it(`gives exactly ${STOCK} prizes to ${PLAYERS} players playing at once, never beyond a prize's stock, ${REPEATS} times over`, async () => {
    const decisions = apiProcess();
    for (let round = 0; round < REPEATS; round++) {
      const { gameId, outcomes } = await racePlays([decisions]);
      expect(outcomes.filter((outcome) => outcome.startsWith('refused'))).toEqual([]);
      expect(outcomes.filter((outcome) => outcome === 'coffee').length).toBe(3);
      expect(outcomes.filter((outcome) => outcome === 'cake').length).toBe(STOCK - 3);
      expect(await recordedWins(gameId)).toEqual({ plays: PLAYERS, wins: { coffee: 3, cake: STOCK - 3 } });
    }
  });

  it(`allows one of ${ONE_PLAYER_PLAYS} parallel plays of a player limited to one a day, ${REPEATS} times over`, async () => {
    const decisions = apiProcess();
    for (let round = 0; round < REPEATS; round++) {
      const gameId = await openGame(decisions, { play_limit: { plays: 1, per: 'day' } });
      const outcomes = await Promise.all(Array.from({ length: ONE_PLAYER_PLAYS }, () => play(decisions, gameId, 'the-player')));
      expect(outcomes.filter((outcome) => !outcome.startsWith('refused')).length).toBe(1);
      expect(outcomes.filter((outcome) => outcome === 'refused:game_play_limit').length).toBe(ONE_PLAYER_PLAYS - 1);
      expect((await recordedWins(gameId)).plays).toBe(1);
    }
  });

  it(`gives exactly ${STOCK} prizes when two API processes decide the ${PLAYERS} plays`, async () => {
    const { gameId, outcomes } = await racePlays([apiProcess(), apiProcess()]);
    expect(outcomes.filter((outcome) => outcome.startsWith('refused'))).toEqual([]);
    expect(outcomes.filter((outcome) => outcome !== 'none').length).toBe(STOCK);
    expect(await recordedWins(gameId)).toEqual({ plays: PLAYERS, wins: { coffee: 3, cake: STOCK - 3 } });
  });
});
