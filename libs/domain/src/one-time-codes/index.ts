export * from './one-time-codes.commands';
export * from './one-time-codes.events';
export * from './one-time-codes.decider';
