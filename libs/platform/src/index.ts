export * from './config';
export * from './logger';
export * from './database/sql-client';
export { PgliteClient } from './database/pglite-client';
export { PostgresClient } from './database/postgres-client';
export { lockDataDir, DataDirLockedError } from './database/data-dir-lock';
export { migrate, loadMigrations, type Migration } from './database/migrations';
export { openDatabase, type OpenedDatabase } from './database/open-database';
export * from './blobs';
