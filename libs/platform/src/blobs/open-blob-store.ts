import { join } from 'node:path';
import { ConfigError, type Config } from '../config';
import type { BlobLinkSigner } from './blob-link-signer';
import type { BlobStore } from './blob-store';
import { LocalBlobStore } from './local-blob-store';

export type BlobStoreSettings = Pick<Config, 'DATA_DIR' | 'S3_BUCKET' | 'S3_REGION' | 'S3_ENDPOINT'>;

/**
 * S3-compatible storage when a bucket is configured, otherwise `DATA_DIR/blobs`, whichever database
 * is in use: a PostgreSQL deployment without S3 keeps its files on the server's disk.
 */
export async function openBlobStore(settings: BlobStoreSettings, links: BlobLinkSigner): Promise<BlobStore> {
  if (settings.S3_BUCKET) {
    // Loaded only when used: the AWS SDK adds about half a second to every start.
    const { S3BlobStore } = await import('./s3-blob-store');
    return new S3BlobStore({ bucket: settings.S3_BUCKET, region: settings.S3_REGION, endpoint: settings.S3_ENDPOINT });
  }
  // An endpoint without a bucket would quietly keep files on local disk the operator meant to move.
  if (settings.S3_ENDPOINT) throw new ConfigError([{ variable: 'S3_BUCKET', message: 'must be set when S3_ENDPOINT is' }]);
  return new LocalBlobStore(join(settings.DATA_DIR, 'blobs'), links);
}
