import { randomUUID } from 'node:crypto';

/**
 * The blob store port (DESIGN.md §2): uploaded files (logos, card photos, later selfies and passes)
 * in `DATA_DIR/blobs` on the embedded default, in S3-compatible storage at scale. Every file
 * belongs to an organisation, so a ref names both; the store makes the id, so no name a client
 * sent ever becomes a file name or an object key.
 */
export interface BlobRef {
  orgId: string;
  blobId: string;
}

export interface BlobStore {
  /** Stores the bytes under a new random id and returns the ref. Nothing is visible until it is whole. */
  put(orgId: string, bytes: Buffer, contentType: string): Promise<BlobRef>;
  /** The bytes, or undefined when nothing is stored under this ref (a malformed ref included). */
  get(ref: BlobRef): Promise<Buffer | undefined>;
  has(ref: BlobRef): Promise<boolean>;
  /** Removes the file; removing a missing one is not an error. */
  delete(ref: BlobRef): Promise<void>;
  /** A URL anyone holding it may GET the file with until it expires, `expiresInSeconds` from now. */
  signedUrl(ref: BlobRef, expiresInSeconds: number): Promise<string>;
}

/** Organisation ids are UUIDs; blob ids are the UUIDs `newBlobId` makes. Neither can hold `.` or `/`. */
const ORG_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const BLOB_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

export function newBlobId(): string {
  return randomUUID();
}

/** Whether a ref can name a stored file at all: the one check between a request and a path or key. */
export function isWellFormedRef(ref: BlobRef): boolean {
  return ORG_ID.test(ref.orgId) && BLOB_ID.test(ref.blobId);
}

/** For writes, where a bad organisation id is a bug in the caller rather than a request to refuse. */
export function assertWellFormedOrgId(orgId: string): void {
  if (!ORG_ID.test(orgId)) throw new Error(`Not an organisation id: ${JSON.stringify(orgId)}`);
}

/** Where a ref lives in a store: `<org id>/<blob id>`, one folder or key prefix per organisation. */
export function blobKeyOf(ref: BlobRef): string {
  return `${ref.orgId.toLowerCase()}/${ref.blobId}`;
}
