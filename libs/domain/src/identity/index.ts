export * from './organization.commands';
export * from './organization.events';
export * from './organization.decider';
export * from './permissions';
export * from './account.events';
