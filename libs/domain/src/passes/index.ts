export * from './passes.commands';
export * from './passes.events';
export * from './pass-design.decider';
export * from './pass.decider';
