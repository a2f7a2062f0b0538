export * from './folders.commands';
export * from './folders.events';
export * from './folders.decider';
