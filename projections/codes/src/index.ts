export { codes } from './codes.projection';
export { scanCounts } from './scan-counts.projection';
export { folders } from './folders.projection';
export { notes } from './notes.projection';
