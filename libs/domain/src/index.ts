export type { Decider } from './decider';
export * from './identity';
