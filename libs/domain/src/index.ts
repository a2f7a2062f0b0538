export type { Decider } from './decider';
export * from './identity';
export * from './codes';
export * from './scans';
export * from './pages';
export * from './analytics';
