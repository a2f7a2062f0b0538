export * from './notes.commands';
export * from './notes.events';
export * from './notes.decider';
