import { randomBytes } from 'node:crypto';
import { mkdir, open, readFile, rename, rm, stat } from 'node:fs/promises';
import { join, resolve, sep } from 'node:path';
import type { BlobLinkSigner } from './blob-link-signer';
import { assertWellFormedOrgId, blobKeyOf, isWellFormedRef, newBlobId, type BlobRef, type BlobStore } from './blob-store';

/**
 * Files under one directory (`DATA_DIR/blobs`), one folder per organisation. A write goes to a
 * temporary file that is flushed and then renamed into place, so a reader or a crash never sees
 * half a file. Links are signed by the server (`BlobLinkSigner`) and served by the API.
 */
export class LocalBlobStore implements BlobStore {
  private readonly root: string;

  constructor(
    directory: string,
    private readonly links: BlobLinkSigner,
  ) {
    this.root = resolve(directory);
  }

  // The content type is not kept: every file stored here today is a PNG the uploads module made.
  async put(orgId: string, bytes: Buffer, _contentType: string): Promise<BlobRef> {
    assertWellFormedOrgId(orgId);
    const ref = { orgId, blobId: newBlobId() };
    const path = this.pathOf(ref);
    await mkdir(join(path, '..'), { recursive: true });
    // Dot-prefixed, so it can never look like a blob id if a crash leaves it behind.
    const temporary = join(path, '..', `.upload-${randomBytes(8).toString('hex')}`);
    const file = await open(temporary, 'wx', 0o640);
    try {
      await file.writeFile(bytes);
      await file.sync();
    } finally {
      await file.close();
    }
    try {
      await rename(temporary, path);
    } catch (error) {
      await rm(temporary, { force: true });
      throw error;
    }
    return ref;
  }

  async get(ref: BlobRef): Promise<Buffer | undefined> {
    if (!isWellFormedRef(ref)) return undefined;
    try {
      return await readFile(this.pathOf(ref));
    } catch (error) {
      if (isMissing(error)) return undefined;
      throw error;
    }
  }

  async has(ref: BlobRef): Promise<boolean> {
    if (!isWellFormedRef(ref)) return false;
    try {
      return (await stat(this.pathOf(ref))).isFile();
    } catch (error) {
      if (isMissing(error)) return false;
      throw error;
    }
  }

  async delete(ref: BlobRef): Promise<void> {
    if (isWellFormedRef(ref)) await rm(this.pathOf(ref), { force: true });
  }

  async signedUrl(ref: BlobRef, expiresInSeconds: number): Promise<string> {
    return this.links.link(ref, expiresInSeconds);
  }

  /** Refs are checked before they get here; the prefix check is the second lock on the same door. */
  private pathOf(ref: BlobRef): string {
    const path = resolve(this.root, blobKeyOf(ref));
    if (!path.startsWith(this.root + sep)) throw new Error('A blob path left the store.');
    return path;
  }
}

function isMissing(error: unknown): boolean {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  return code === 'ENOENT' || code === 'ENOTDIR';
}
