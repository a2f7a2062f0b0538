export { codes } from './codes.projection';
export { scanCounts } from './scan-counts.projection';
export { templates } from './templates.projection';
export { oneTimeCodes } from './one-time-codes.projection';
export { oneTimeCodeIds } from './one-time-code-ids';
export { folders } from './folders.projection';
export { notes } from './notes.projection';
