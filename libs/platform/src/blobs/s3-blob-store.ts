import { DeleteObjectCommand, GetObjectCommand, HeadObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { assertWellFormedOrgId, blobKeyOf, isWellFormedRef, newBlobId, type BlobRef, type BlobStore } from './blob-store';

export interface S3BlobStoreOptions {
  bucket: string;
  region: string;
  /** Another S3-compatible service; unset means AWS. */
  endpoint?: string;
}

/**
 * Objects `<org id>/<blob id>` in one bucket; links are presigned GETs. Credentials come from the
 * SDK's standard chain (AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY, a profile, or an instance role),
 * so no secret passes through our configuration.
 */
export class S3BlobStore implements BlobStore {
  private readonly client: S3Client;
  private readonly bucket: string;

  constructor(options: S3BlobStoreOptions) {
    this.bucket = options.bucket;
    this.client = new S3Client({
      region: options.region,
      endpoint: options.endpoint,
      // MinIO, Ceph and most other S3-compatible services answer only path-style addresses by default.
      forcePathStyle: options.endpoint !== undefined,
    });
  }

  async put(orgId: string, bytes: Buffer, contentType: string): Promise<BlobRef> {
    assertWellFormedOrgId(orgId);
    const ref = { orgId, blobId: newBlobId() };
    // A PUT is atomic in S3: the object appears whole or not at all.
    await this.client.send(new PutObjectCommand({ Bucket: this.bucket, Key: blobKeyOf(ref), Body: bytes, ContentType: contentType }));
    return ref;
  }

  async get(ref: BlobRef): Promise<Buffer | undefined> {
    if (!isWellFormedRef(ref)) return undefined;
    try {
      const object = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: blobKeyOf(ref) }));
      return object.Body ? Buffer.from(await object.Body.transformToByteArray()) : Buffer.alloc(0);
    } catch (error) {
      if (isMissing(error)) return undefined;
      throw error;
    }
  }

  async has(ref: BlobRef): Promise<boolean> {
    if (!isWellFormedRef(ref)) return false;
    try {
      await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: blobKeyOf(ref) }));
      return true;
    } catch (error) {
      if (isMissing(error)) return false;
      throw error;
    }
  }

  async delete(ref: BlobRef): Promise<void> {
    if (isWellFormedRef(ref)) await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: blobKeyOf(ref) }));
  }

  signedUrl(ref: BlobRef, expiresInSeconds: number): Promise<string> {
    return getSignedUrl(this.client, new GetObjectCommand({ Bucket: this.bucket, Key: blobKeyOf(ref) }), { expiresIn: expiresInSeconds });
  }

  close(): void {
    this.client.destroy();
  }
}

/** GET answers NoSuchKey, HEAD (which has no body to name the error) a bare 404. */
function isMissing(error: unknown): boolean {
  const { name, $metadata } = error as { name?: string; $metadata?: { httpStatusCode?: number } };
  return name === 'NoSuchKey' || name === 'NotFound' || $metadata?.httpStatusCode === 404;
}
