export * from './analytics.events';
export * from './periods';
