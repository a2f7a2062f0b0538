export * from './games.commands';
export * from './games.events';
export * from './game.decider';
export * from './game-draws';
