export * from './test-databases';
export * from './test-kafka';
export * from './seeded-random';
export * from './free-port';
