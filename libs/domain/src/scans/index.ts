export * from './scans.events';
