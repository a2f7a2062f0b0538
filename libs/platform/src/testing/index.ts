export * from './test-databases';
export * from './test-kafka';
