import { Inject, Injectable, type OnModuleDestroy } from '@nestjs/common';
import { gameDecider, gameStreamId, type GameCommand, type GameEvent, type GameState, type PlayState } from '@qr/domain';
import type { EventStore } from '@qr/eventstore';
import { HotPathAppender } from '../hot-path-appender';
import { EVENT_STORE } from '../infrastructure';
import { SerialisedDecisions, type Serialised } from '../serialised-decisions';

/** What a command on a game answers, read off the state right after it: the play it touched, as the stream holds it now. */
export interface GameAnswer {
  board: number;
  play: PlayState | null;
  /** The player's play times (ms), oldest first, for the plays left. */
  player_times: readonly number[];
}

export type GameDecision = Serialised<GameEvent, GameAnswer>;

const playOf = (command: GameCommand): { player: string; play_id: string } | null =>
  command.type === 'PlayGame' || command.type === 'AnswerQuestion' || command.type === 'ClaimPrize' ? command : null;

const answerOf = (state: GameState, _events: GameEvent[], command: GameCommand): GameAnswer => {
  const touched = playOf(command);
  const play = touched ? (state.plays.get(touched.play_id) ?? null) : null;
  // A copy: the state's objects change in place as later commands are decided.
  return { board: state.board, play: play && { ...play }, player_times: touched ? [...(state.players.get(touched.player) ?? [])] : [] };
};

/**
 * Every command on a game, staff's and players', decided in order on the game's one stream in this
 * process (as polls' and loyalty's, docs/decisions/030): 500 plays racing for 10 prizes are decided
 * one after the other against the stock held here and group-committed per batch, so exactly 10 win,
 * and a player's parallel plays meet their limit one by one.
 */
@Injectable()
export class GameDecisions implements OnModuleDestroy {
  private readonly decisions: SerialisedDecisions<GameCommand, GameEvent, GameState, GameAnswer>;

  constructor(@Inject(EVENT_STORE) store: EventStore, appender: HotPathAppender) {
    this.decisions = new SerialisedDecisions(store, appender, {
      decider: gameDecider,
      streamIdOf: gameStreamId,
      answerOf,
      orgOf: (state) => state.org_id,
      occurredAtOf: (command) => new Date(command.at),
    });
  }

  /** Decides the command on the game's stream; its DomainError (no plays left, a question not asked) rejects it alone. */
  decide(gameId: string, command: GameCommand): Promise<GameDecision> {
    return this.decisions.decide(gameId, command);
  }

  onModuleDestroy(): Promise<void> {
    return this.decisions.close();
  }
}
