export * from './polls.commands';
export * from './polls.events';
export * from './poll.decider';
