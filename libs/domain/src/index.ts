export type { Decider } from './decider';
export * from './identity';
export * from './codes';
export * from './scans';
export * from './pages';
export * from './customers/customers.events';
export * from './analytics';
export * from './folders';
export * from './notes';
