import type { PlayView, PublicGameView } from '@qr/contracts';
import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { ApiProblem, describeError } from '../../../api/api-problem';
import { forgetPendingPlay, publicGameKeys, startPlay } from './public-games-api';

/** A refused play, answer or claim in the player's words, by the problem's stable code. */
export function refusalInWords(error: unknown): string {
  const code = error instanceof ApiProblem ? error.code : undefined;
  switch (code) {
    case 'game_not_open':
      return 'This game is not open right now.';
    case 'game_play_limit':
      return 'You have used all your plays for now.';
    case 'player_token_invalid':
      return 'This phone’s game pass was not recognised. It has been renewed: please try again.';
    case 'game_question_not_asked':
      return 'That question is no longer the one asked: the quiz has moved on.';
    case 'rate_limited':
      return 'Too many plays are coming from your network. Please wait a moment and try again.';
    default:
      return describeError(error);
  }
}

/**
 * The play as the page now knows it, first among the player's plays, and the game read again for
 * what it changed (plays left). Called once an animation has shown the outcome, so a reload and the
 * page agree on what was won.
 */
export function recordPlay(queryClient: QueryClient, gameId: string, play: PlayView): void {
  queryClient.setQueryData(
    publicGameKeys.game(gameId),
    (game: PublicGameView | undefined) => game && { ...game, my_plays: [play, ...game.my_plays.filter((mine) => mine.play_id !== play.play_id)] },
  );
  void queryClient.invalidateQueries({ queryKey: publicGameKeys.game(gameId), exact: true });
}

/**
 * Asks the server for a play (it draws the outcome before the page shows anything). A refusal
 * (4xx) will not be drawn, so the next try asks with a new play id, and the game is read again for
 * what the server says now (closed, no plays left until `next_at`, a renewed pass); a dropped
 * connection keeps the id, so trying again cannot spend a second play.
 */
export function usePlayStart(game: PublicGameView) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (nickname: string) => startPlay(game.game_id, game.player_token, nickname),
    onError: (error) => {
      if (!(error instanceof ApiProblem) || error.status >= 500) return;
      forgetPendingPlay(game.game_id);
      void queryClient.invalidateQueries({ queryKey: publicGameKeys.game(game.game_id), exact: true });
    },
  });
}

/** Whether the player may start a play now: the game is open and the limit leaves one. */
export const mayPlay = (game: PublicGameView): boolean => game.status === 'open' && game.plays_left.left !== 0;
