export * from './templates.commands';
export * from './templates.events';
export * from './templates.decider';
