import { randomBytes } from 'node:crypto';
import { loadConfig } from '../config';
import { BlobLinkSigner } from './blob-link-signer';
import { LocalBlobStore } from './local-blob-store';
import { openBlobStore } from './open-blob-store';
import { S3BlobStore } from './s3-blob-store';

describe('choosing the blob store', () => {
  const links = new BlobLinkSigner(randomBytes(32), 'http://localhost:3000/api/v1/blobs');

  it('keeps files in DATA_DIR/blobs by default, on PostgreSQL too', async () => {
    expect(await openBlobStore(loadConfig({}), links)).toBeInstanceOf(LocalBlobStore);
    expect(await openBlobStore(loadConfig({ DATABASE_URL: 'postgres://db/qr' }), links)).toBeInstanceOf(LocalBlobStore);
  });

  it('uses S3-compatible storage when a bucket is set, in us-east-2 unless told otherwise', async () => {
    const config = loadConfig({ S3_BUCKET: 'qr-files' });
    expect(config.S3_REGION).toBe('us-east-2');
    const store = await openBlobStore(config, links);
    expect(store).toBeInstanceOf(S3BlobStore);
    (store as S3BlobStore).close();
  });

  it('stops at boot on an endpoint without a bucket, and on bad S3 settings', async () => {
    await expect(openBlobStore(loadConfig({ S3_ENDPOINT: 'http://127.0.0.1:9000' }), links)).rejects.toThrow('S3_BUCKET: must be set when S3_ENDPOINT is');
    expect(() => loadConfig({ S3_BUCKET: 'Has Spaces' })).toThrow('S3_BUCKET: must be a bucket name');
    expect(() => loadConfig({ S3_ENDPOINT: 'minio:9000' })).toThrow('S3_ENDPOINT: must be the http(s) URL');
  });
});
