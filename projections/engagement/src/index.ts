export { polls, ballotKeys } from './polls.projection';
export { walls } from './walls.projection';
