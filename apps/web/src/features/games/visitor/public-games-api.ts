import {
  AnswerView,
  LeaderboardView,
  loyaltyCardStorageKey,
  playerTokenStorageKey,
  PlayView,
  PrizeClaimView,
  PublicGameView,
  type AnswerQuestionBody,
  type ClaimPrizeBody,
} from '@qr/contracts';
import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { operationOf, readAnswer } from '../../../api/api-call';
import { publicFetch } from '../../../api/api-fetch';
import { problem, retryUnlessRefused } from '../../../api/api-problem';

/**
 * The player's side of games (`/api/v1/public/games`), without sign-in. Answers are parsed with the
 * contracts, as the poll voter's page does: the app's entry holds them already.
 */
const gamePath = (gameId: string) => `/api/v1/public/games/${encodeURIComponent(gameId)}`;

/** Where storage is refused (a private window), what the phone keeps lasts as long as the tab. */
const keptInThisTab = new Map<string, string>();

function keptValue(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return keptInThisTab.get(key) ?? null;
  }
}

function keepValue(key: string, value: string | null): void {
  try {
    if (value === null) localStorage.removeItem(key);
    else localStorage.setItem(key, value);
  } catch {
    if (value === null) keptInThisTab.delete(key);
    else keptInThisTab.set(key, value);
  }
}

export const storedPlayerToken = (gameId: string): string | null => keptValue(playerTokenStorageKey(gameId));

/**
 * The play id of a play asked for and not yet answered: kept until the server answers, so a retry
 * after a dropped connection asks for the same play (which the server answers as it drew it) rather
 * than spending another of the player's plays.
 */
const pendingPlayKey = (gameId: string) => `${gameId}_pending_play`;

export function pendingPlayId(gameId: string): string {
  const kept = keptValue(pendingPlayKey(gameId));
  if (kept !== null) return kept;
  const drawn = crypto.randomUUID();
  keepValue(pendingPlayKey(gameId), drawn);
  return drawn;
}

/** The card this phone keeps for a loyalty programme (the `{programme}_card_id` its card page keeps), if any. */
export function keptCardId(programmeId: string): string | null {
  return keptValue(loyaltyCardStorageKey(programmeId));
}

async function ask<Schema extends z.ZodType>(answer: Schema, path: string, init: RequestInit = {}): Promise<z.output<Schema>> {
  const response = await publicFetch(path, init);
  if (!response.ok) throw await problem(response);
  return readAnswer(answer, response, operationOf(path, init.method));
}

const post = <Schema extends z.ZodType>(answer: Schema, path: string, body: object) => ask(answer, path, { method: 'POST', body: JSON.stringify(body) });

/** The game as this player sees it; the token the server hands back (a new one when none or a forged one was sent) is kept. */
export async function fetchPublicGame(gameId: string): Promise<PublicGameView> {
  const token = storedPlayerToken(gameId);
  const game = await ask(PublicGameView, `${gamePath(gameId)}${token ? `?${new URLSearchParams({ player_token: token })}` : ''}`);
  if (game.player_token !== token) keepValue(playerTokenStorageKey(gameId), game.player_token);
  return game;
}

/** Spec §7 "play game": the server draws the outcome, which the page then animates. */
export async function startPlay(gameId: string, playerToken: string, nickname: string): Promise<PlayView> {
  const play_id = pendingPlayId(gameId);
  const play = await post(PlayView, `${gamePath(gameId)}/plays`, { player_token: playerToken, play_id, nickname });
  keepValue(pendingPlayKey(gameId), null);
  return play;
}

/** A refused play will not be drawn: the next one asks with a new id. */
export const forgetPendingPlay = (gameId: string) => keepValue(pendingPlayKey(gameId), null);

export const answerQuestion = (gameId: string, playId: string, body: AnswerQuestionBody) =>
  post(AnswerView, `${gamePath(gameId)}/plays/${encodeURIComponent(playId)}/answers`, body);

/** Claiming again answers the same voucher, code or reward, so a reload reads a claimed prize this way too. */
export const claimPrize = (gameId: string, playId: string, body: ClaimPrizeBody) =>
  post(PrizeClaimView, `${gamePath(gameId)}/plays/${encodeURIComponent(playId)}/claim`, body);

export const fetchLeaderboard = (gameId: string, playerToken: string) =>
  ask(LeaderboardView, `${gamePath(gameId)}/leaderboard?${new URLSearchParams({ player_token: playerToken })}`);

export const publicGameKeys = {
  game: (gameId: string) => ['public-game', gameId] as const,
  claim: (gameId: string, playId: string) => ['public-game', gameId, 'claim', playId] as const,
  leaderboard: (gameId: string) => ['public-game', gameId, 'leaderboard'] as const,
};

export const usePublicGame = (gameId: string) =>
  useQuery({ queryKey: publicGameKeys.game(gameId), queryFn: () => fetchPublicGame(gameId), retry: retryUnlessRefused, refetchOnWindowFocus: false });

export const useLeaderboard = (gameId: string, playerToken: string) =>
  useQuery({ queryKey: publicGameKeys.leaderboard(gameId), queryFn: () => fetchLeaderboard(gameId, playerToken), retry: retryUnlessRefused });
