// PGlite declares this entry point only in its package exports, which the workspace's node10
// module resolution does not read; its declarations are plain files underneath.
declare module '@electric-sql/pglite/node-postgres' {
  export * from '@electric-sql/pglite/dist/node-postgres/index';
}
