export * from './messaging.commands';
export * from './messaging.events';
export * from './campaign.decider';
