export * from './codes.commands';
export * from './codes.events';
export * from './codes.decider';
export * from './clones';
