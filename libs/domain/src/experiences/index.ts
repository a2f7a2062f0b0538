export * from './event-location';
export * from './experiences.commands';
export * from './experiences.decider';
export * from './experiences.events';
