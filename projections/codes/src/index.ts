export { codes } from './codes.projection';
export { scanCounts } from './scan-counts.projection';
export { templates } from './templates.projection';
export { folders } from './folders.projection';
export { notes } from './notes.projection';
