export * from './loyalty.commands';
export * from './loyalty.events';
export * from './loyalty-programme.decider';
export * from './referral-fraud';
