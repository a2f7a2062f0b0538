export * from './walls.commands';
export * from './walls.events';
export * from './wall.decider';
export * from './wall-photo.decider';
