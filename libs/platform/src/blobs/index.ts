export * from './blob-store';
export * from './blob-link-signer';
export { LocalBlobStore } from './local-blob-store';
export { openBlobStore, type BlobStoreSettings } from './open-blob-store';
