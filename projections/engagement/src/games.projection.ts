import type { GameTerms } from '@qr/contracts';
import { gameStreamId, type GameEvent } from '@qr/domain';
import type { Projection, RecordedEvent } from '@qr/eventstore';
import type { SqlExecutor } from '@qr/platform';
import { GamePlaySums, type GameTables } from './game-play-sums';

const GAME_PREFIX = gameStreamId('');
const PLAY_TYPES = ['GamePlayed', 'QuestionAnswered', 'QuizFinished', 'PrizeClaimed', 'VoucherRedeemed'] as const;
const STAFF_TYPES = ['GameCreated', 'GameUpdated', 'GameOpened', 'GameClosed', 'GameDeleted', 'LeaderboardReset'] as const;
type PlayEvent = Extract<GameEvent, { type: (typeof PLAY_TYPES)[number] }>;
type StaffEvent = Exclude<GameEvent, PlayEvent>;
const isPlayEvent = (event: GameEvent): event is PlayEvent => (PLAY_TYPES as readonly string[]).includes(event.type);

/**
 * Games, their prizes' stock, players, plays and leaderboards (issue 58). Plays are most of what
 * arrives, so a batch's play events are summed in memory (GamePlaySums) and each table written
 * once, the staff events applied in order as they come.
 */
export const games: Projection = {
  name: 'games',
  version: 1,
  // Fed by plays: a few batches a second, as polls are by votes.
  wakeDelayMs: 100,
  wakeAtOnceFor: STAFF_TYPES,
  eventTypes: [...STAFF_TYPES, ...PLAY_TYPES],
  tables: {
    games: (table) => [
      `CREATE TABLE ${table} (
         game_id uuid PRIMARY KEY,
         org_id text NOT NULL,
         code_id text NOT NULL,
         kind text NOT NULL,
         terms jsonb NOT NULL,
         status text NOT NULL,
         board integer NOT NULL DEFAULT 1,
         board_ends_at timestamptz,
         plays integer NOT NULL DEFAULT 0,
         players integer NOT NULL DEFAULT 0,
         winners integer NOT NULL DEFAULT 0,
         created_at timestamptz NOT NULL,
         updated_at timestamptz NOT NULL
       )`,
      `CREATE INDEX ${table}_org ON ${table} (org_id, created_at DESC)`,
    ],
    game_prize_stock: (table) => [
      `CREATE TABLE ${table} (
         game_id uuid NOT NULL,
         prize_id text NOT NULL,
         won integer NOT NULL,
         claimed integer NOT NULL,
         PRIMARY KEY (game_id, prize_id)
       )`,
    ],
    game_players: (table) => [
      `CREATE TABLE ${table} (
         game_id uuid NOT NULL,
         player text NOT NULL,
         plays integer NOT NULL,
         first_at timestamptz NOT NULL,
         PRIMARY KEY (game_id, player)
       )`,
    ],
    game_plays: (table) => [
      `CREATE TABLE ${table} (
         game_id uuid NOT NULL,
         play_id uuid NOT NULL,
         player text NOT NULL,
         nickname text NOT NULL,
         played_at timestamptz NOT NULL,
         board integer NOT NULL,
         finished boolean NOT NULL,
         answered integer NOT NULL DEFAULT 0,
         asked_at timestamptz NOT NULL,
         score integer,
         prize_id text,
         unit integer,
         won_at timestamptz,
         claimed_at timestamptz,
         voucher_code text,
         card_id text,
         exchange_id uuid,
         redeemed_at timestamptz,
         PRIMARY KEY (game_id, play_id)
       )`,
      `CREATE INDEX ${table}_recent ON ${table} (game_id, played_at DESC, play_id)`,
      `CREATE INDEX ${table}_player ON ${table} (game_id, player, played_at DESC)`,
      `CREATE INDEX ${table}_winners ON ${table} (game_id, won_at DESC, play_id) WHERE prize_id IS NOT NULL`,
      `CREATE UNIQUE INDEX ${table}_voucher ON ${table} (game_id, voucher_code) WHERE voucher_code IS NOT NULL`,
    ],
    game_boards: (table) => [
      `CREATE TABLE ${table} (
         game_id uuid NOT NULL,
         board integer NOT NULL,
         started_at timestamptz NOT NULL,
         ended_at timestamptz,
         reason text,
         players integer NOT NULL DEFAULT 0,
         PRIMARY KEY (game_id, board)
       )`,
    ],
    game_scores: (table) => [
      `CREATE TABLE ${table} (
         game_id uuid NOT NULL,
         board integer NOT NULL,
         player text NOT NULL,
         nickname text NOT NULL,
         score integer NOT NULL,
         rank_key integer NOT NULL,
         achieved_at timestamptz NOT NULL,
         play_id uuid NOT NULL,
         PRIMARY KEY (game_id, board, player)
       )`,
      `CREATE INDEX ${table}_rank ON ${table} (game_id, board, rank_key, achieved_at, player)`,
    ],
    game_score_counts: (table) => [
      `CREATE TABLE ${table} (
         game_id uuid NOT NULL,
         board integer NOT NULL,
         node integer NOT NULL,
         count integer NOT NULL,
         PRIMARY KEY (game_id, board, node)
       )`,
    ],
  },
  async handle(events, { tx, table }) {
    const tables: GameTables = {
      games: table('games'),
      game_prize_stock: table('game_prize_stock'),
      game_players: table('game_players'),
      game_plays: table('game_plays'),
      game_boards: table('game_boards'),
      game_scores: table('game_scores'),
      game_score_counts: table('game_score_counts'),
    };
    const sums = new GamePlaySums();
    for (const recorded of events) {
      const gameId = recorded.streamId.slice(GAME_PREFIX.length);
      // Only the game decider writes to these streams, so the payload has its shape.
      const event = { type: recorded.type, data: recorded.data } as GameEvent;
      if (isPlayEvent(event)) sum(sums, gameId, event);
      else await apply(tx, tables, gameId, event, recorded);
    }
    await sums.write(tx, tables);
  },
};

function sum(sums: GamePlaySums, gameId: string, event: PlayEvent): void {
  switch (event.type) {
    case 'GamePlayed':
      return sums.play(gameId, event.data);
    case 'QuestionAnswered':
      return sums.answer(gameId, event.data);
    case 'QuizFinished':
      return sums.finish(gameId, event.data);
    case 'PrizeClaimed':
      return sums.claim(gameId, event.data);
    case 'VoucherRedeemed':
      return sums.redeem(gameId, event.data);
  }
}

async function apply(tx: SqlExecutor, tables: GameTables, gameId: string, event: StaffEvent, recorded: RecordedEvent): Promise<void> {
  const at = recorded.occurredAt;
  const set = (assignments: string, params: unknown[] = []) =>
    tx.query(`UPDATE ${tables.games} SET ${assignments}, updated_at = $2 WHERE game_id = $1`, [gameId, at, ...params]);
  switch (event.type) {
    case 'GameCreated': {
      const { org_id, code_id, kind, terms, board_ends_at } = event.data;
      await tx.query(
        `INSERT INTO ${tables.games} (game_id, org_id, code_id, kind, terms, status, board_ends_at, created_at, updated_at)
         VALUES ($1, $2, $3, $4, $5, 'draft', $6, $7, $7) ON CONFLICT (game_id) DO NOTHING`,
        [gameId, org_id, code_id, kind, JSON.stringify(terms), board_ends_at, at],
      );
      await tx.query(`INSERT INTO ${tables.game_boards} (game_id, board, started_at) VALUES ($1, 1, $2) ON CONFLICT DO NOTHING`, [gameId, event.data.at]);
      await keepStock(tx, tables.game_prize_stock, gameId, terms);
      return;
    }
    case 'GameUpdated':
      await set('terms = $3, board_ends_at = $4', [JSON.stringify(event.data.terms), event.data.board_ends_at]);
      await keepStock(tx, tables.game_prize_stock, gameId, event.data.terms);
      return;
    case 'GameOpened':
    case 'GameClosed':
    case 'GameDeleted':
      await set('status = $3', [event.type === 'GameOpened' ? 'open' : event.type === 'GameClosed' ? 'closed' : 'deleted']);
      return;
    case 'LeaderboardReset': {
      const { board, reason, starts_at, ends_at } = event.data;
      await set('board = $3, board_ends_at = $4', [board, ends_at]);
      await tx.query(`UPDATE ${tables.game_boards} SET ended_at = $3, reason = $4 WHERE game_id = $1 AND board = $2`, [
        gameId,
        board - 1,
        reason === 'schedule' ? starts_at : event.data.at,
        reason,
      ]);
      await tx.query(`INSERT INTO ${tables.game_boards} (game_id, board, started_at) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING`, [gameId, board, starts_at]);
      return;
    }
  }
}

/** A row per prize of the terms, so the inventory lists unwon prizes; a prize dropped before anyone won it goes. */
async function keepStock(tx: SqlExecutor, stockTable: string, gameId: string, terms: GameTerms): Promise<void> {
  const prizeIds = terms.prizes.map((prize) => prize.id);
  await tx.query(`DELETE FROM ${stockTable} WHERE game_id = $1 AND won = 0 AND NOT (prize_id = ANY($2::text[]))`, [gameId, prizeIds]);
  await tx.query(`INSERT INTO ${stockTable} (game_id, prize_id, won, claimed) SELECT $1, id, 0, 0 FROM unnest($2::text[]) AS id ON CONFLICT DO NOTHING`, [
    gameId,
    prizeIds,
  ]);
}
