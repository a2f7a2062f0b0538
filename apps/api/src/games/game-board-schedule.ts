import { Inject, Injectable, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import type { Logger } from '@qr/platform';
import { LOGGER } from '../infrastructure';
import { RepeatingRound } from '../repeating-round';
import { GameDecisions } from './game-decisions';
import { GameReads } from './game-reads';

/** How often the schedule looks for ended boards: a day's board rolls over within about this of midnight, or at its next play. */
const ROUND_MS = 30_000;
/** Games one round rolls over; a busier round runs again at once. */
const BATCH = 100;

/**
 * Ends period leaderboards on their schedule (DESIGN.md §12), in every API process: finds games
 * whose board has ended and decides a roll-over on each. The decider starts the next board only
 * when it is due and the stream's expected version lets one process do it, so processes racing
 * here (or with a player's play, which rolls the board over too) start it once.
 */
@Injectable()
export class GameBoardSchedule implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly rounds = new RepeatingRound(
    () => this.runRound(new Date()),
    ROUND_MS,
    (error) => this.log.error({ err: error }, 'the game board schedule failed a round; it tries again'),
  );

  constructor(
    private readonly reads: GameReads,
    private readonly decisions: GameDecisions,
    @Inject(LOGGER) private readonly log: Logger,
  ) {}

  onApplicationBootstrap(): void {
    this.rounds.start();
  }

  async onModuleDestroy(): Promise<void> {
    await this.rounds.stop();
  }

  /** One round at `now`: answers whether there may be more due boards than it took. */
  async runRound(now: Date): Promise<boolean> {
    const due = await this.reads.dueBoards(now, BATCH);
    const at = now.toISOString();
    for (const gameId of due) {
      // One game's refusal (deleted since the read) must not hold back the others' boards.
      try {
        const decision = await this.decisions.decide(gameId, { type: 'RollOverBoard', at });
        await this.reads.reached(decision.appended);
      } catch (error) {
        this.log.warn({ err: error, game_id: gameId }, 'a game’s board did not roll over; the next round tries again');
      }
    }
    return due.length === BATCH;
  }
}
