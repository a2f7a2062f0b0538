export { polls, ballotKeys } from './polls.projection';
export { walls } from './walls.projection';
export { games } from './games.projection';
export { SCORE_TREE_SIZE, rankKeyOf, nodesCounting, nodesSummingTo } from './game-score-tree';
