import { MAX_GAME_SCORE, type LeaderboardOrder } from '@qr/contracts';

/**
 * A board's scores counted in a Fenwick (binary indexed) tree of `game_score_counts`, so a
 * player's rank costs at most 16 rows however many played (docs: plan 58-tables). Position
 * p = rank_key + 1 lies in [1, SCORE_TREE_SIZE]; node n counts the entries at positions
 * (n - (n & -n), n].
 */
export const SCORE_TREE_SIZE = MAX_GAME_SCORE + 1;

/** "Better" is always a smaller key, whichever way the board is ordered. */
export const rankKeyOf = (order: LeaderboardOrder, score: number): number => (order === 'desc' ? MAX_GAME_SCORE - score : score);

/** The nodes that count an entry at `position`: each one's count moves with it. */
export function nodesCounting(position: number): number[] {
  const nodes: number[] = [];
  for (let node = position; node <= SCORE_TREE_SIZE; node += node & -node) nodes.push(node);
  return nodes;
}

/** The nodes whose counts add up to the entries at positions 1..`position`. */
export function nodesSummingTo(position: number): number[] {
  const nodes: number[] = [];
  for (let node = position; node > 0; node -= node & -node) nodes.push(node);
  return nodes;
}
