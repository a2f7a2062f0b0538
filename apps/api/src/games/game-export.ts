import { Readable } from 'node:stream';
import { Query, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { GAME_PLAYS_CSV_COLUMNS } from '@qr/contracts';
import { Base64Encoder, csvLine } from '../customers';
import { datedStem, type NamedCsvExport } from '../http/named-csv-export';
import { type Caller, OrganizationReads } from '../identity';
import { GameAccess } from './game-access';
import { GameReads, type GameRow } from './game-reads';
import { staffRowOf } from './games.queries';
import { PlayerTokens } from './player-tokens';

/** A game's plays (or only its winners) as CSV, base64 as the promo, loyalty and poll exports send theirs. */
export class ExportGame extends Query<NamedCsvExport> {
  constructor(
    readonly caller: Caller,
    readonly gameId: string,
    readonly winners: boolean,
  ) {
    super();
  }
}

/** Plays read per query: a page stays well under a megabyte. */
const CSV_PAGE_SIZE = 2000;

@QueryHandler(ExportGame)
export class ExportGameHandler implements IQueryHandler<ExportGame> {
  constructor(
    private readonly access: GameAccess,
    private readonly reads: GameReads,
    private readonly tokens: PlayerTokens,
    private readonly organizations: OrganizationReads,
  ) {}

  async execute({ caller, gameId, winners }: ExportGame): Promise<NamedCsvExport> {
    const game = await this.access.reader(caller, gameId);
    const stem = datedStem(game.terms.name, await this.organizations.timeZoneOf(game.org_id));
    const lines = playLines(this.reads, this.tokens, game, winners);
    return { stem, rows: winners ? game.winners : game.plays, body: Readable.from(lines, { highWaterMark: 1 }).pipe(new Base64Encoder()) };
  }
}

/** The header, then the plays, keyset pages in (played or won time, play) order. */
async function* playLines(reads: GameReads, tokens: PlayerTokens, game: GameRow, winners: boolean): AsyncGenerator<string> {
  yield csvLine(GAME_PLAYS_CSV_COLUMNS);
  let after: { at: Date; play_id: string } | null = null;
  for (;;) {
    const plays = await reads.playPage(game.game_id, winners, after, CSV_PAGE_SIZE);
    if (plays.length === 0) return;
    const lines = await Promise.all(
      plays.map(async (play) => {
        const row = staffRowOf(game, play);
        return csvLine([
          row.play_id,
          await tokens.exportNameOf(play.player),
          row.nickname,
          row.played_at,
          String(row.finished),
          row.score,
          row.prize?.label ?? '',
          row.claimed_at,
          row.voucher_code,
          row.redeemed_at,
        ]);
      }),
    );
    yield lines.join('');
    const last = plays.at(-1)!;
    after = { at: (winners ? last.won_at : last.played_at) ?? last.played_at, play_id: last.play_id };
  }
}
